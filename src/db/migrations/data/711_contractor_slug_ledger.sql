-- Contractor slugs are a permanent record: every slug issued stays in contractor_slugs with
-- the spelling it was made from (the contractor_spellings key), its base and order of issue,
-- and `company`, the company it answers for now: itself, or while absorbed the surviving
-- company (src/domain/contractors/slug-ledger.ts decides it: a slug stays with the company
-- that holds its spelling). Loads, syncs, rederives and index rebuilds only ever move
-- `company`; the rest of a row never changes and no row is ever deleted, so a slug once
-- issued always answers and is never issued again.

-- A regrouping reads the slugs made from its block's spellings (a keyed chunk plans lookups by index).
create index contractor_slugs_spelling on contractor_slugs (spelling);

create function contractor_slugs_permanent() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'contractor slug % was issued: it is never deleted', old.slug;
  end if;
  if (new.slug, new.spelling, new.base, new.issued_seq, new.issued_at) is distinct from (old.slug, old.spelling, old.base, old.issued_seq, old.issued_at) then
    raise exception 'contractor slug %: only the company it answers for may change', old.slug;
  end if;
  return new;
end
$$;

create trigger contractor_slugs_permanent before update or delete on contractor_slugs
  for each row execute function contractor_slugs_permanent();
