/**
 * The route error page: parents read the message of spec §2; under `npm start` (and here, where
 * import.meta.env.DEV is true too) a developer reads below it what threw, its stack and the
 * components it threw in. A build has no DEV, and so no details (e2e shows the builds' pages).
 */
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { RouteErrorPage, recordRouteError } from './root-shell.tsx';

function BrokenCard(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'price')");
}
function BrokenPage() {
  return (
    <section>
      <BrokenCard />
    </section>
  );
}

it('shows, under the parents message, the error, its stack and its component stack in dev', async () => {
  // The page logs what it caught, and React its own report: expected here.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '/', Component: BrokenPage, errorElement: <RouteErrorPage /> }]);
  render(<RouterProvider router={router} onError={recordRouteError} />);

  const page = await screen.findByRole('alert');
  expect(within(page).getByRole('heading', { level: 1, name: '页面出了点问题' })).toBeInTheDocument();
  expect(within(page).getByLabelText('错误信息')).toHaveTextContent("TypeError: Cannot read properties of undefined (reading 'price')");
  expect(within(page).getByLabelText('调用栈')).toHaveTextContent(/at BrokenCard \(.*route-error-page\.test\.tsx/);
  // Reported by the router after the page first rendered: the page shows it when it comes.
  expect(await within(page).findByLabelText('组件栈')).toHaveTextContent(/at BrokenCard[\s\S]*at section[\s\S]*at BrokenPage/);
  expect(logged).toHaveBeenCalledWith('[route]', expect.any(TypeError));
});
