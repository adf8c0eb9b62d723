import { Import, readImports } from './import-graph';
import { API_SURFACE, APP, CITY, CORE, familyOf, isFiguresModule, isUnder, PIPELINE, PURE, READERS, unitOf } from './layers';

/**
 * The "never" rules of ARCHITECTURE.md, checked on the real import graph of src/, ingest/
 * and scripts/. Each failure lists the offending imports as "file imports 'specifier'
 * (resolved file)", so the message says what to move.
 */

const imports = readImports(['src', 'ingest', 'scripts']);
const show = ({ from, specifier, to }: Import) => `${from} imports '${specifier}' (${to})`;
const violations = (rule: (edge: Import) => boolean) => imports.filter(rule).map(show).sort();

describe('import graph', () => {
  it('sees the project (a sanity check on the reader)', () => {
    expect(imports.length).toBeGreaterThan(200);
    expect(imports).toContainEqual({ from: 'src/search/places/index.ts', specifier: './nyc-places.json', to: 'src/search/places/nyc-places.json' });
  });

  it('src/ never imports ingest/ or scripts/', () => {
    expect(violations(({ from, to }) => isUnder(from, ['src']) && isUnder(to, ['ingest', 'scripts']))).toEqual([]);
  });

  it('ingest/ never imports scripts/', () => {
    expect(violations(({ from, to }) => isUnder(from, ['ingest']) && isUnder(to, ['scripts']))).toEqual([]);
  });

  it("the ingest reads no part of the API's surface: not the app, nor a family's routes or OpenAPI files", () => {
    expect(violations(({ from, to }) => isUnder(from, ['ingest']) && (isUnder(to, APP) || API_SURFACE.test(to)))).toEqual([]);
  });

  it("the pipeline (ingest/load, index, changes, sync) and the readers (ingest/sources) never import a family's ingest folder", () => {
    expect(violations(({ from, to }) => isUnder(from, [...PIPELINE, ...READERS]) && isUnder(to, ['ingest/families']))).toEqual([]);
  });

  it('the readers (ingest/sources) never import the pipeline', () => {
    expect(violations(({ from, to }) => isUnder(from, READERS) && isUnder(to, PIPELINE))).toEqual([]);
  });

  it('pure rules (src/domain, src/nyc) import only pure rules', () => {
    expect(violations(({ from, to }) => isUnder(from, PURE) && !isUnder(to, PURE))).toEqual([]);
  });

  it('the city module (src/nyc) imports nothing else of the project', () => {
    expect(violations(({ from, to }) => isUnder(from, CITY) && !isUnder(to, CITY))).toEqual([]);
  });

  it('the core never imports a family or the app', () => {
    expect(violations(({ from, to }) => isUnder(from, CORE) && familyOf(from) === null && (familyOf(to) !== null || isUnder(to, APP)))).toEqual([]);
  });

  it('a family never imports the app', () => {
    expect(violations(({ from, to }) => familyOf(from) !== null && isUnder(to, APP))).toEqual([]);
  });

  it("a family reads another family only through that family's figures module", () => {
    expect(
      violations(({ from, to }) => {
        const [reader, owner] = [familyOf(from), familyOf(to)];
        return reader !== null && owner !== null && reader !== owner && !isFiguresModule(to);
      }),
    ).toEqual([]);
  });

  it('the top-level folders of src/ import each other without cycles', () => {
    expect(folderCycles(imports.filter(({ from, to }) => isUnder(from, ['src']) && isUnder(to, ['src'])))).toEqual([]);
  });
});

/**
 * Each cycle in the graph of top-level units (Tarjan's strongly connected components),
 * as its units and one import per edge inside it.
 */
function folderCycles(edges: Import[]): string[][] {
  const graph = new Map<string, Map<string, Import>>();
  for (const edge of edges) {
    const [a, b] = [unitOf(edge.from), unitOf(edge.to)];
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Map());
    if (!graph.get(a)!.has(b)) graph.get(a)!.set(b, edge);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(unit, Math.min(low.get(unit)!, index.get(next)!));
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return components.map((component) => [
    `cycle: ${component.join(' <-> ')}`,
    ...component.flatMap((a) => component.filter((b) => graph.get(a)?.has(b)).map((b) => show(graph.get(a)!.get(b)!))).sort(),
  ]);
}
