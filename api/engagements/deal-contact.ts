import type { Status } from '../../contracts/applications.ts';
import { type Contact, contactSeenBy } from '../../contracts/contact.ts';

/**
 * The columns a list of deals reads of its two sides: the one who asked (the applicant, the
 * client) joined as `users`, the one who decides (the employer, the artist's user) as `owner`.
 */
interface DealSidesRow {
  status: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  owner_first_name: string;
  owner_last_name: string;
  owner_phone_number: string;
}

/** The `owner` columns of a deal list's select, for the user joined as `owner`. */
export const OWNER_COLUMNS = [
  'owner.first_name as owner_first_name',
  'owner.last_name as owner_last_name',
  'owner.phone_number as owner_phone_number',
] as const;

/**
 * What `viewerId` sees of the other side of a deal: the owner for the one who asked and the
 * reverse, once the deal is accepted (contactIsOpen); nobody else ever.
 */
export function dealContact(
  row: DealSidesRow,
  sides: { askerId: number; ownerId: number },
  viewerId: number,
): Contact | null {
  return contactSeenBy(viewerId, row.status as Status, [
    {
      userId: sides.askerId,
      contact: {
        firstName: row.first_name,
        lastName: row.last_name,
        phoneNumber: row.phone_number,
      },
    },
    {
      userId: sides.ownerId,
      contact: {
        firstName: row.owner_first_name,
        lastName: row.owner_last_name,
        phoneNumber: row.owner_phone_number,
      },
    },
  ]);
}
