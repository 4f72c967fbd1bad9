/** A node of the menu tree the server sends for the active team. */
export interface MenuNode {
  id: string;
  name: string;
  menuPath?: string;
  menuName: string;
  menuIcon?: string;
  group?: string;
  groupTitle?: string;
  children?: MenuNode[];
}
