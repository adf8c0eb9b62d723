import { type TArray, type TObject, type TString, Type } from '@sinclair/typebox';
import { ApiError } from '../errors';

/**
 * The batch endpoints' one mechanism (contract-decisions.md, "Batch endpoints"): a body
 * `{<field>: [ids]}` of 1 to max ids, answered with the found ids' items in request order,
 * each once, and every other id (unknown or malformed) in meta.notFound, in request order,
 * each once. Not paginated.
 */

/** The body schema: an object with one non-empty array of string ids (items have no shape rule: a malformed id is notFound). */
export function batchBody<F extends string>(field: F, max: number): TObject<Record<F, TArray<TString>>> {
  return Type.Object({ [field]: Type.Array(Type.String(), { minItems: 1, description: `1 to ${max} ids (more: 400 batch_too_large).` }) } as Record<F, TArray<TString>>, {
    additionalProperties: false,
  });
}

export interface BatchAnswer<Item> {
  data: Item[];
  meta: { returned: number; notFound: string[] };
}

/**
 * Refuses more than max ids (counted as sent, duplicates included) with 400
 * batch_too_large, loads the distinct ids once and answers in request order.
 * `load` answers the ids it found; it is given each distinct id once.
 */
export async function batchAnswer<Item>(
  requested: string[],
  options: { max: number; param: string; load(ids: string[]): Promise<Map<string, Item>> },
): Promise<BatchAnswer<Item>> {
  if (requested.length > options.max) {
    throw new ApiError(400, 'batch_too_large', `a batch takes at most ${options.max} ids; this one had ${requested.length}`, { param: options.param });
  }
  const ids = [...new Set(requested)];
  const found = await options.load(ids);
  const data = ids.filter((id) => found.has(id)).map((id) => found.get(id)!);
  return { data, meta: { returned: data.length, notFound: ids.filter((id) => !found.has(id)) } };
}
