import type { ApiFragment } from '../contract/types';
import { contractorBrowseFragment } from './browse/openapi';
import { contractorProfileFragment } from './profile/openapi';
import { contractorTicketsFragment } from './tickets/openapi';
import { CONTRACTORS_TAG } from './types';

/**
 * The contractors family's part of the contract: each part of the family (profile, tickets,
 * browse and search) writes its own fragment beside its routes; this merges them under the
 * one `Contractors` tag. A part adds one entry to PARTS.
 */
const PARTS: ApiFragment[] = [contractorProfileFragment, contractorTicketsFragment, contractorBrowseFragment];

export const contractorsFragment: ApiFragment = {
  tags: [
    {
      name: CONTRACTORS_TAG,
      description:
        'Companies as the OATH Hearings Division dockets them (summonses and their hearings): browse, search, a docket profile with risk and reopen savings, itemized tickets, batch screening.',
    },
  ],
  paths: merged((part) => part.paths),
  schemas: merged((part) => part.schemas ?? {}),
  parameters: merged((part) => part.parameters ?? {}),
};


/** One record of every part's entries; a name two parts define is a bug, as in buildDocument. */
function merged<T>(of: (part: ApiFragment) => Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const part of PARTS) {
    for (const [name, value] of Object.entries(of(part))) {
      if (name in out) throw new Error(`contractors fragment: ${name} is defined twice`);
      out[name] = value;
    }
  }
  return out;
}
