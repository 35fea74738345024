/** A class id from the address (/details?id=…): a positive whole number, or null for anything else. */
export function classIdFrom(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
