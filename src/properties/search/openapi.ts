import { type Static, Type } from '@sinclair/typebox';
import { listResponse, ref, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import { limitParam } from '../../contract/params';
import type { ApiFragment } from '../../contract/types';
import { BOROUGHS } from '../../nyc';
import { rankingText } from '../../search/typeahead';
import { IN_PLACE, PROPERTY_TIERS, TIERS } from './queries';

const TAG = 'Properties';

export const PropertySearchQuery = Type.Object({
  q: Type.String({
    minLength: 3,
    maxLength: 120,
    description: 'An address as people type it (house number and street, optionally ending with a borough, neighborhood or ZIP), possibly unfinished; or a BBL (3-120 characters).',
  }),
  limit: limitParam(25, 10),
});
export type PropertySearchQuery = Static<typeof PropertySearchQuery>;

export const propertySearchInputs = { search: { query: PropertySearchQuery } };

/** The ranking as served: written from TIERS and IN_PLACE, so the text cannot drift from the query. */
export const SEARCH_RANKING = [
  'What q is read as (the same address rules build the index, so both sides meet):',
  '- A whole q that is a BBL in any form the city writes it (`1-00835-0041`, `1008350041`, `1 835 41`, `MN 835 41`) answers that lot only (empty when it is not on record); a BBL written with a space (`1 835 41`, `1-29 45`) is also read as an address being typed (the Queens address 1-29 45 Avenue), its tiers below the BBL\'s. A lot with no address in PLUTO is found by BBL only.',
  `- A whole q that is the start of a BBL, borough code and whole block at least, answers the lots whose BBL starts so (${TIERS.bblPrefix}, below a whole BBL and above every address tier): 6 to 9 digits as typed (\`100835\`, \`10083500\` finds lots 1008350001-1008350099), or borough and block with a separator, the block padded or not (\`1-00835\`, \`1-835\`). Five digits or fewer are never read so (they are house numbers); a 6-digit number is also tried as a house number, below.`,
  "- Otherwise a leading house number (`350`, `409F`, Queens' `34-12`; `3412` typed without the hyphen meets `34-12`: the hyphen never decides), then the street, then optional places at the end: a borough (`Brooklyn`, `bk`), a neighborhood (`Astoria`, a partial name of 3+ letters such as `manh`), a ZIP; after a comma (`104 E 35th St, New York, NY 10016`) the rest is places, a city name or ignored words. Apartment and floor designators (`Apt 3A`, `#3A`, `Fl 47`) are ignored.",
  '- Street names are compared in one canonical spelling: case, punctuation and accents ignored; `E`/`East`, `St`/`Street`, `Ave`/`Av`/`Avenue`, `Blvd`, `Pl`, `Pkwy`, `Ft`/`Fort`, `Mt`/`Mount`; ordinals in digits or words (`5th`, `5`, `Fifth`); `St` before a name is Saint; Avenue of the Americas is also 6 Avenue in Manhattan. A number before a bare street type is the street (`5 Ave` is Fifth Avenue).',
  '',
  'Ranking: score tiers, never blended; a lot appears once, in its best tier:',
  rankingText(PROPERTY_TIERS),
  'Every tier is looked up in one Elasticsearch search a keystroke.',
  `Inside a tier, lots in every place typed at the end (borough by the lot's borough, neighborhood and ZIP by its ZIP) come first (+${IN_PLACE}, less than a tier): a place orders, it never hides a lot elsewhere. Then the lot's address in canonical spelling (alphabetical), then the BBL.`,
  'A place is only taken off the end when a street is left before it: a q that is only a place name (`Astoria`) is read as a street name (ASTORIA BOULEVARD). A q with no letters or digits answers an empty list, as does one nothing matches.',
].join('\n');

export const propertySearchFragment: ApiFragment = {
  schemas: {
    PropertySearchResult: {
      type: 'object',
      additionalProperties: false,
      description: 'A tax lot found by the address typeahead.',
      required: ['bbl', 'address', 'borough', 'slug'],
      properties: {
        bbl: { type: 'string', pattern: '^[0-9]{10}$', description: 'Borough-block-lot, the lot key (GET /properties/{bbl}/...).' },
        address: { type: 'string', description: "The lot's primary address as PLUTO writes it (`148-11 58 AVENUE`); an empty string when PLUTO gives none, as in the lot's profile." },
        borough: { type: 'string', enum: [...BOROUGHS] },
        slug: {
          type: 'string',
          pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
          description: 'Lowercase kebab of the address and borough, then the BBL (`148-11-58-avenue-queens-4064210038`; `queens-4064210038` without an address): for the public page. The BBL stays the key.',
        },
      },
    },
  },
  paths: {
    '/api/v1/properties/search': {
      get: {
        operationId: 'searchProperties',
        summary: 'Address typeahead: tax lots by address or BBL',
        description: `${SEARCH_RANKING}\n\nAt most limit lots, best first; not paginated. Unknown query parameters are ignored (typeahead surface); a parameter given twice is 400.\n\nAnswers may be served from the API's answer cache (TYPEAHEAD_CACHE, on by default): a cached answer is dropped when the mode's properties index changes (an ingest or rebuild), so an answer can lag a finished ingest by about two seconds, never more.`,
        tags: [TAG],
        'x-unknown-parameters': 'ignore',
        ...operationInput(propertySearchInputs.search),
        responses: { '200': listResponse(ref('PropertySearchResult'), 'Best matches first.'), ...standardErrors() },
      },
    },
  },
};
