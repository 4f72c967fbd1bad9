// The dictionaries the server derives from the team's data (or, for region, from a package) instead of storing,
// each with what its items are. Registering one takes its key from here, so a new derived dictionary is described
// where the schema reference (docs/schema-reference.md) reads them.

export const DERIVED_DICTIONARIES = {
  teamMembers:
    "The team's active members: value the user's id, label the member's name (person pickers such as 申请人, 负责人).",
  teamRoles: "The team's roles: value the role's id, label its name (notify toRole, role pickers).",
  region:
    '省/市/区 of China (GB/T 2260, from @vant/area-data), the same for every team and read-only: the value is the path of names (["广东省", "深圳市", "南山区"]), each step checked against the one before.',
  approvalModules:
    "The team's modules that have an approval form (a nested entity with approval under its page's package entry): value the module key, label its title.",
  approvalProcesses: 'The published approval process templates: value the record id, label "name v<version>".',
  moduleCategories: "Each approval module's category tree (the module a disabled top node, its categories below).",
} as const;

export type DerivedDictKey = keyof typeof DERIVED_DICTIONARIES;
