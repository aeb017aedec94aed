import type { MainMenu } from '../../../shared/contract/session';

/** The server's three-level menu as one uniform tree. */
export interface MenuNode {
  key: string;
  label: string;
  /** Route path without the leading slash; '' for a pure group. */
  link: string;
  depth: 0 | 1 | 2;
  children: MenuNode[];
}

const clean = (s: unknown): string => (typeof s === 'string' ? s.trim() : '');

export function toMenuTree(menu: readonly MainMenu[]): MenuNode[] {
  return (menu ?? []).map((main, i) => ({
    key: `m${i}`,
    label: clean(main.mainmenulabel),
    link: clean(main.mainmenulink),
    depth: 0 as const,
    children: (main.lstsubmenu ?? []).map((sub, j) => ({
      key: `m${i}.s${j}`,
      label: clean(sub.submenulabel),
      link: clean(sub.submenulink),
      depth: 1 as const,
      children: (sub.lstchildmenu ?? []).map((child, k) => ({
        key: `m${i}.s${j}.c${k}`,
        label: clean(child.submenulabel),
        link: clean(child.submenulink),
        depth: 2 as const,
        children: [],
      })),
    })),
  }));
}

/** Route path of a menu link ('Menu By User' -> '/Menu By User'). */
export const linkPath = (link: string): string => `/${link.replace(/^\/+/, '')}`;

/** Keys of the groups on the way to the item whose path is `path` (to open them at start). */
export function groupsLeadingTo(nodes: readonly MenuNode[], path: string): string[] {
  for (const node of nodes) {
    if (node.link && linkPath(node.link) === path) return node.children.length ? [node.key] : [];
    const below = groupsLeadingTo(node.children, path);
    if (below.length || node.children.some((c) => c.link && linkPath(c.link) === path)) return [node.key, ...below];
  }
  return [];
}
