import type { ApiFragment } from '../../contract/types';

export const contractorProfileFragment: ApiFragment = { paths: {}, schemas: {} };
