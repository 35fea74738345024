import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="地址">{pathname + search}</output>;
}

describe('the header’s search box', () => {
  it('searches for what the box shows, also a name typed while the page was hydrating (in the field, not yet in the state)', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <SearchBox />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const box = screen.getByRole('searchbox', { name: '课程名称' });
    // The field's value set as typing before the hydration leaves it: no change event reached React.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, ' 科学探索 ');
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByRole('status', { name: '地址' })).toHaveTextContent(`/searchHome?name=${encodeURIComponent('科学探索')}`);
  });
});
