// One dictionary item as the dictionary API answers it (a tree node): stored items, derived ones and the region.
export interface DictNode {
  id: number | string;
  dictName: string;
  dictCode: string | null;
  dictImg: string | null;
  dictIcon: string | null;
  parentId: number | string | null;
  fieldKey: string;
  /** The node's leader (a user id), e.g. a department's 部门负责人. */
  leaderId?: number | null;
  disabled?: boolean;
  /** Deleted (soft): only label lookups of old records see it. */
  deleted?: boolean;
  /** Stored items: 1 enabled, 0 disabled (disabled items leave forms but keep their names on old records). */
  status?: number;
  sort?: number;
  /** A default every team starts with: rename only. */
  seeded?: boolean;
  /** The extra value a dictionary page declares for the key (e.g. an expenseType's 会计科目 code). */
  dictExtra?: string | null;
  children?: DictNode[];
}
