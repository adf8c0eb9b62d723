/**
 * Disjoint sets over string keys: the grouping rules (companies' spellings, owners'
 * portfolios) join what their evidence links. The smaller key becomes the root, so the
 * result does not depend on the order of unions; paths are compressed without recursion (a
 * city's graph makes long chains).
 */
export class UnionFind {
  private parent = new Map<string, string>();

  find(key: string): string {
    let root = key;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    let node = key;
    while (node !== root) {
      const next = this.parent.get(node)!;
      this.parent.set(node, root);
      node = next;
    }
    if (!this.parent.has(root)) this.parent.set(root, root);
    return root;
  }

  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra > rb ? ra : rb, ra > rb ? rb : ra);
  }
}
