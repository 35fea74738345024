/** A positive integer id from the address (?id=3), or null when missing or malformed. */
import { useSearchParams } from 'react-router-dom';

export function parseId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return id > 0 ? id : null;
}

export function useIdParam(name: string): number | null {
  const [search] = useSearchParams();
  return parseId(search.get(name));
}
