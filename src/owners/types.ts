import { Type } from '@sinclair/typebox';

/** The owners family's OpenAPI tag: every owner and portfolio operation carries it. */
export const OWNERS_TAG = 'Owners';

export const PORTFOLIO_LOT_SORTS = ['bbl', '-openViolations', 'openViolations'] as const;
export type PortfolioLotSort = (typeof PORTFOLIO_LOT_SORTS)[number];

/** A portfolio's id as a path parameter: the BBL it is named by. */
export const portfolioIdParam = Type.String({
  pattern: '^[0-9]{10}$',
  description: 'The portfolio id: 10 digits (the lowest BBL among its lots when it was last grouped). A malformed id is 400 invalid_parameter; an unknown one is 404 not_found.',
  'x-message': 'id must be 10 digits (a portfolio is named by a BBL)',
});

/** A contact of a lot's registration as served. */
export interface OwnerContactItem {
  role: string;
  name: string | null;
  corporationName: string | null;
  title: string | null;
  businessAddress: { houseNumber: string | null; street: string | null; apartment: string | null; city: string | null; state: string | null; zip: string | null };
}

export interface NamedCount {
  name: string;
  registrations: number;
}
