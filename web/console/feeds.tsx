import { useEffect, useState } from 'preact/hooks';
import { Answer, apiGet, Page, Query } from './api';
import { toCsv } from './csv';
import { day } from './format';
import { RequestLine } from './request-line';

const BOROUGHS = ['Manhattan', 'Bronx', 'Brooklyn', 'Queens', 'Staten Island'];
const CATEGORIES = ['vermin', 'food_temp', 'hygiene', 'facility', 'admin', 'other'];
const GRADES = ['A', 'B', 'C', 'Z', 'P', 'N'];

type Row = Record<string, unknown>;
interface Column {
  header: string;
  value(row: Row): unknown;
  show?(row: Row): string;
}

interface Feed {
  title: string;
  path: string;
  columns: Column[];
}

const FEEDS: Record<'violations' | 'inspections', Feed> = {
  violations: {
    title: 'Violations cited city-wide',
    path: '/api/v1/violations',
    columns: [
      { header: 'inspectedAt', value: (row) => row.inspectedAt, show: (row) => day(row.inspectedAt as string) },
      { header: 'camis', value: (row) => row.camis },
      { header: 'restaurantName', value: (row) => row.restaurantName },
      { header: 'borough', value: (row) => row.borough },
      { header: 'code', value: (row) => row.code },
      { header: 'category', value: (row) => row.category },
      { header: 'critical', value: (row) => row.critical, show: (row) => (row.critical ? 'critical' : '') },
      { header: 'description', value: (row) => row.description },
    ],
  },
  inspections: {
    title: 'Inspections city-wide',
    path: '/api/v1/inspections',
    columns: [
      { header: 'inspectedAt', value: (row) => row.inspectedAt, show: (row) => day(row.inspectedAt as string) },
      { header: 'camis', value: (row) => row.camis },
      { header: 'name', value: (row) => row.name },
      { header: 'borough', value: (row) => row.borough },
      { header: 'type', value: (row) => row.type },
      { header: 'score', value: (row) => row.score },
      { header: 'grade', value: (row) => row.grade },
      { header: 'closedRestaurant', value: (row) => row.closedRestaurant, show: (row) => (row.closedRestaurant ? 'closed' : '') },
    ],
  },
};

interface Filters {
  feed: keyof typeof FEEDS;
  borough: string;
  category: string;
  critical: boolean;
  grade: string;
  since: string;
  limit: number;
}

/** The filters as the feed's query; a cursor is bound to them, so "load more" sends them again with it. */
function queryOf(filters: Filters): Query {
  const common = { borough: filters.borough, since: filters.since, limit: filters.limit };
  return filters.feed === 'violations'
    ? { ...common, category: filters.category, critical: filters.critical ? true : undefined }
    : { ...common, grade: filters.grade };
}

export function Feeds() {
  const [filters, setFilters] = useState<Filters>({ feed: 'violations', borough: '', category: '', critical: false, grade: '', since: '', limit: 10 });
  const [applied, setApplied] = useState<Filters>(filters);
  const [rows, setRows] = useState<Row[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer<Page<Row>> | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (wanted: Filters, cursor: string | null) => {
    setBusy(true);
    const result = await apiGet<Page<Row>>(FEEDS[wanted.feed].path, { ...queryOf(wanted), cursor: cursor ?? undefined });
    setBusy(false);
    setAnswer(result);
    if (!result.ok) return;
    setRows((before) => (cursor ? [...before, ...result.body.data] : result.body.data));
    setNext(result.body.meta?.nextCursor ?? null);
  };

  useEffect(() => {
    setRows([]);
    setNext(null);
    void load(applied, null);
  }, [applied]);

  const set = (change: Partial<Filters>) => setFilters({ ...filters, ...change });
  const feed = FEEDS[applied.feed];

  const download = () => {
    const csv = toCsv(feed.columns, rows);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = `${applied.feed}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };

  return (
    <div>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(filters);
        }}
      >
        <label>
          Feed
          <select value={filters.feed} onChange={(event) => set({ feed: (event.target as HTMLSelectElement).value as Filters['feed'] })}>
            <option value="violations">Violations</option>
            <option value="inspections">Inspections</option>
          </select>
        </label>
        <label>
          Borough
          <select value={filters.borough} onChange={(event) => set({ borough: (event.target as HTMLSelectElement).value })}>
            <option value="">Any</option>
            {BOROUGHS.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        {filters.feed === 'violations' ? (
          <>
            <label>
              Category
              <select value={filters.category} onChange={(event) => set({ category: (event.target as HTMLSelectElement).value })}>
                <option value="">Any</option>
                {CATEGORIES.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
            <label class="check">
              <input type="checkbox" checked={filters.critical} onChange={(event) => set({ critical: (event.target as HTMLInputElement).checked })} />
              Critical only
            </label>
          </>
        ) : (
          <label>
            Grade
            <select value={filters.grade} onChange={(event) => set({ grade: (event.target as HTMLSelectElement).value })}>
              <option value="">Any</option>
              {GRADES.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        )}
        <label>
          Since
          <input type="date" value={filters.since} onInput={(event) => set({ since: (event.target as HTMLInputElement).value })} />
        </label>
        <label>
          Page size
          <select value={filters.limit} onChange={(event) => set({ limit: Number((event.target as HTMLSelectElement).value) })}>
            {[10, 25, 50, 100].map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Apply filters</button>
      </form>
      <RequestLine answer={answer} />
      <p class="feed-status" data-testid="feed-status" aria-live="polite">
        {rows.length} {rows.length === 1 ? 'row' : 'rows'} loaded{next ? '' : answer?.ok ? ' · end of the feed' : ''}
      </p>
      <div class="table-scroll">
        <table data-testid="feed-table">
          <caption class="visually-hidden">{feed.title}</caption>
          <thead>
            <tr>
              {feed.columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {feed.columns.map((column) => (
                  <td key={column.header}>{column.show ? column.show(row) : String(column.value(row) ?? '')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="inline">
        <button type="button" onClick={() => load(applied, next)} disabled={!next || busy}>
          {busy ? 'Loading…' : 'Load more'}
        </button>
        <button type="button" onClick={download} disabled={rows.length === 0}>
          Download CSV ({rows.length} rows)
        </button>
      </p>
    </div>
  );
}
