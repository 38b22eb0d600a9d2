export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date written YYYY-MM-DD that exists. */
export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
