import type { ApiFragment } from '../../contract/types';

export const contractorTicketsFragment: ApiFragment = { paths: {}, schemas: {} };
