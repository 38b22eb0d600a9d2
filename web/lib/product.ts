/** The product's name as the interface shows it (package.json: ghana-gigs). */
export const PRODUCT_NAME = 'Ghana Gigs';
