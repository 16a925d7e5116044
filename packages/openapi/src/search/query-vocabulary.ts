/** What an operation does, as a person asks for it. */
export type Action = "create" | "update" | "delete" | "get" | "list" | "search";

/** A word of a query: the actions it asks for, and the words an API may use for it (searched at a lower weight). */
export interface QueryWord {
  actions?: Action[];
  also?: string[];
}

/**
 * Verbs a person says, and how APIs name the same action. A verb the document
 * does not use still finds its operations ("close an issue" is an update, "start
 * a channel" a create), and the action it asks for is weighed in the ranking.
 */
const verbs: Record<string, QueryWord> = {
  create: { actions: ["create"] },
  add: { actions: ["create"], also: ["create"] },
  new: { actions: ["create"], also: ["create"] },
  make: { actions: ["create"], also: ["create"] },
  start: { actions: ["create"], also: ["create"] },
  open: { actions: ["create"], also: ["create"] },
  post: { actions: ["create"], also: ["create"] },
  submit: { actions: ["create"], also: ["create"] },
  publish: { actions: ["create"], also: ["create"] },
  write: { actions: ["create"], also: ["create", "post"] },
  send: { actions: ["create"], also: ["create", "post"] },
  register: { actions: ["create"], also: ["create"] },
  upload: { actions: ["create"], also: ["create"] },
  generate: { actions: ["create"], also: ["create"] },
  setup: { actions: ["create"], also: ["create"] },
  buy: { actions: ["create"], also: ["create", "order"] },
  purchase: { actions: ["create"], also: ["create", "order"] },
  react: { actions: ["create"], also: ["add"] },
  update: { actions: ["update"] },
  edit: { actions: ["update"], also: ["update"] },
  change: { actions: ["update"], also: ["update", "set"] },
  modify: { actions: ["update"], also: ["update"] },
  rename: { actions: ["update"], also: ["update"] },
  set: { actions: ["update", "create"], also: ["update"] },
  assign: { actions: ["create", "update"], also: ["add"] },
  replace: { actions: ["update"], also: ["update", "set"] },
  close: { actions: ["update"], also: ["update"] },
  reopen: { actions: ["update"], also: ["update"] },
  archive: { also: ["update"] },
  move: { actions: ["update"], also: ["transfer", "reassign"] },
  end: { also: ["stop", "disable"] },
  stop: { also: ["end", "disable"] },
  disable: { also: ["end", "stop"] },
  cancel: { also: ["delete"] },
  history: { actions: ["list"], also: ["list"] },
  which: { actions: ["get", "list"] },
  what: { actions: ["get", "list"] },
  delete: { actions: ["delete"] },
  remove: { actions: ["delete"], also: ["delete"] },
  destroy: { actions: ["delete"], also: ["delete", "remove"] },
  drop: { actions: ["delete"], also: ["delete", "remove"] },
  erase: { actions: ["delete"], also: ["delete", "remove"] },
  discard: { actions: ["delete"], also: ["delete", "remove"] },
  get: { actions: ["get", "list"] },
  show: { actions: ["get", "list"], also: ["get", "list"] },
  fetch: { actions: ["get", "list"], also: ["get"] },
  retrieve: { actions: ["get", "list"], also: ["get"] },
  read: { actions: ["get", "list"], also: ["get"] },
  view: { actions: ["get", "list"], also: ["get"] },
  see: { actions: ["get", "list"], also: ["get"] },
  display: { actions: ["get", "list"], also: ["get"] },
  lookup: { actions: ["get", "search"], also: ["get", "find"] },
  list: { actions: ["list"] },
  all: { actions: ["list"], also: ["list"] },
  every: { actions: ["list"], also: ["list"] },
  browse: { actions: ["list"], also: ["list"] },
  enumerate: { actions: ["list"], also: ["list"] },
  search: { actions: ["search"] },
  find: { actions: ["search", "get", "list"], also: ["search", "get"] },
};

/** Everyday nouns and the words APIs use for them ("people" are users or members, "spend" is billing or usage). */
const nouns: Record<string, QueryWord> = {
  people: { also: ["user", "member"] },
  person: { also: ["user", "member"] },
  someone: { also: ["user", "member"] },
  somebody: { also: ["user", "member"] },
  everyone: { also: ["user", "member"] },
  folks: { also: ["user", "member"] },
  spend: { also: ["billing", "usage", "cost"] },
  spent: { also: ["billing", "usage", "cost"] },
  spending: { also: ["billing", "usage", "cost"] },
  cost: { also: ["billing", "usage"] },
  costs: { also: ["billing", "usage"] },
  expense: { also: ["billing", "usage", "cost"] },
  expenses: { also: ["billing", "usage", "cost"] },
  bill: { also: ["billing", "usage"] },
  invoice: { also: ["billing"] },
  channel: { also: ["conversation"] },
  channels: { also: ["conversation"] },
  conversation: { also: ["channel"] },
  conversations: { also: ["channel"] },
  workspace: { also: ["team"] },
  workspaces: { also: ["team"] },
  dm: { also: ["message", "conversation"] },
  dms: { also: ["message", "conversation"] },
  bug: { also: ["issue", "ticket"] },
  bugs: { also: ["issue", "ticket"] },
  ticket: { also: ["issue"] },
  tickets: { also: ["issue"] },
  issue: { also: ["ticket"] },
  issues: { also: ["ticket"] },
  picture: { also: ["photo", "avatar", "image", "icon"] },
  avatar: { also: ["photo", "image", "icon"] },
  image: { also: ["photo", "avatar", "icon"] },
  photo: { also: ["avatar", "image", "icon"] },
  status: { also: ["presence", "state"] },
  online: { also: ["presence"] },
  away: { also: ["presence"] },
  offline: { also: ["presence"] },
  mail: { also: ["email"] },
  hook: { also: ["webhook"] },
  hooks: { also: ["webhook"] },
  callback: { also: ["webhook"] },
  webhook: { also: ["hook"] },
  webhooks: { also: ["hook"] },
  who: { also: ["user", "member"] },
  link: { also: ["permalink", "url"] },
  url: { also: ["permalink", "link"] },
  favorite: { also: ["star"] },
  favourite: { also: ["star"] },
  bookmark: { also: ["star"] },
  login: { also: ["auth", "authenticated"] },
  identity: { also: ["authenticated"] },
  whoami: { also: ["authenticated", "identity", "user"] },
  branch: { also: ["ref", "reference"] },
  branches: { also: ["ref", "reference"] },
  file: { also: ["content"] },
  files: { also: ["content"] },
  thumbs: { also: ["reaction"] },
  logs: { also: ["log"] },
  save: { also: ["star", "bookmark"] },
  saved: { also: ["star", "bookmark"] },
  watch: { also: ["subscription", "subscribe"] },
  recent: { also: ["event", "activity"] },
  recently: { also: ["event", "activity"] },
};

/** Phrases read as one word (`who am I` asks for the caller's identity). */
export const phrases: [RegExp, string][] = [
  [/\bwho\s+am\s+i\b/g, "whoami"],
  [/\bcomment\s+on\b/g, "add comment"],
  [/\bfile\s+(an?\s+)?(bug|issue|ticket|report)/g, "create $2"],
  [/\blook\s+up\b/g, "lookup"],
  [/\blog\s+in\b|\bsign\s+in\b/g, "login"],
  [/\bdirect\s+messages?\b/g, "dm"],
  [/\bdo\s+not\s+disturb\b/g, "dnd"],
  [/\bthumbs\s+up\b/g, "thumbs"],
  // "stop following" is what the document writes "unfollow"; the verb undone is read as usual (see analyzeQuery).
  [/\bstop\s+([a-z]+?)ing\b/g, "un$1"],
  // "open" and "closed" after a listing verb are a state, not the verb "open" (create).
  [/\b(list|show|get|find|all|my)\s+(?:the\s+|all\s+)?(?:open|closed)\b/g, "$1"],
  [/\bturn\s+off\b|\bswitch\s+off\b/g, "disable"],
  [/\bturn\s+on\b|\bswitch\s+on\b/g, "enable"],
];

/** What a query word asks for and what it also searches, when the vocabulary knows it. */
export function queryWordOf(word: string): QueryWord | undefined {
  return verbs[word] ?? nouns[word];
}

/** Verbs (stemmed) an operation's summary or id begins with, and the action each names. */
export const operationVerbs = new Map<string, Action>([
  ["creat", "create"],
  ["add", "create"],
  ["post", "create"],
  ["new", "create"],
  ["insert", "create"],
  ["regist", "create"],
  ["upload", "create"],
  ["updat", "update"],
  ["edit", "update"],
  ["chang", "update"],
  ["modifi", "update"],
  ["set", "update"],
  ["replac", "update"],
  ["renam", "update"],
  ["patch", "update"],
  ["delet", "delete"],
  ["remov", "delete"],
  ["destroi", "delete"],
  ["get", "get"],
  ["retriev", "get"],
  ["fetch", "get"],
  ["read", "get"],
  ["show", "get"],
  ["view", "get"],
  ["describ", "get"],
  ["inform", "get"],
  ["return", "get"],
  ["check", "get"],
  ["list", "list"],
  ["search", "search"],
  ["find", "search"],
  ["queri", "search"],
  ["lookup", "search"],
]);

/** Words that mark an operation as an administrator's, an enterprise's or an organization's variant, or a legacy one. */
export const scopeWords = new Map<string, string>([
  ["admin", "admin"],
  ["administr", "admin"],
  ["enterpris", "enterprise"],
  ["organ", "organization"],
  ["legaci", "legacy"],
]);

/** Words by which a person speaks of themself ("list my repositories"). */
export const firstPersonWords = new Set(["my", "me", "i", "mine", "myself", "am", "whoami"]);
