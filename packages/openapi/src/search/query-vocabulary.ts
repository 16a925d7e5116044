/** What an operation does, as a person asks for it. */
export type Action = "create" | "update" | "delete" | "get" | "list" | "search";

/** A word of a query: the actions it asks for, and the words an API may use for it (searched at a lower weight). */
export interface QueryWord {
  actions?: Action[];
  also?: string[];
}

/** The same meaning for each of `words` (a table's entries for words that mean one thing). */
function alike(words: readonly string[], meaning: QueryWord): Record<string, QueryWord> {
  return Object.fromEntries(words.map((word) => [word, meaning]));
}

/**
 * Verbs a person says, and how APIs name the same action. A verb the document
 * does not use still finds its operations ("close an issue" is an update, "start
 * a channel" a create), and the action it asks for is weighed in the ranking.
 */
const verbs: Record<string, QueryWord> = {
  create: { actions: ["create"] },
  ...alike(["add", "new", "make", "start", "open", "post", "submit", "publish", "register", "upload", "generate"], {
    actions: ["create"],
    also: ["create"],
  }),
  // Starting a machine ("boot up my codespace").
  boot: { also: ["start"] },
  // A document may write it in two words ("Set up a webhook").
  setup: { actions: ["create"], also: ["create", "set", "up"] },
  ...alike(["write", "send"], { actions: ["create"], also: ["create", "post"] }),
  ...alike(["buy", "purchase"], { actions: ["create"], also: ["create", "order"] }),
  // "put a file into a container": add it.
  put: { actions: ["create", "update"], also: ["create", "add", "upload"] },
  react: { actions: ["create"], also: ["add"] },
  update: { actions: ["update"] },
  ...alike(["edit", "modify", "rename", "close", "reopen"], { actions: ["update"], also: ["update"] }),
  // Bringing back what was archived or deleted.
  ...alike(["restore", "recover", "undelete", "unarchive"], { also: ["unarchive", "undelete", "restore"] }),
  ...alike(["change", "replace", "switch", "swap"], { actions: ["update"], also: ["update", "set"] }),
  set: { actions: ["update", "create"], also: ["update"] },
  assign: { actions: ["create", "update"], also: ["add"] },
  archive: { also: ["update"] },
  // Doing again what the document names as a request ("rebuild my pages site": request a pages build).
  ...alike(["rebuild", "redeploy", "rerun", "retrigger"], {
    actions: ["create"],
    also: ["build", "deploy", "run", "request", "rerequest"],
  }),
  move: { actions: ["update"], also: ["transfer", "reassign"] },
  end: { also: ["stop", "disable", "cancel"] },
  abort: { also: ["cancel", "stop"] },
  // Raising or lowering a limit, a quota, a price: changing it.
  ...alike(["raise", "increase", "lower", "decrease", "bump", "reduce"], {
    actions: ["update"],
    also: ["update", "set"],
  }),
  stop: { also: ["end", "disable", "cancel"] },
  disable: { also: ["end", "stop", "deactivate", "delete", "remove"] },
  enable: { also: ["activate"] },
  ...alike(["fix", "correct", "amend", "tweak", "customize", "customise"], { actions: ["update"], also: ["update"] }),
  // Deploying makes a deployment.
  deploy: { actions: ["create"], also: ["create"] },
  ...alike(["train", "training", "finetune"], { also: ["fine", "tune", "tuning"] }),
  ...alike(["deactivate", "pause", "suspend"], { also: ["disable", "stop", "suspend", "pause"] }),
  ...alike(["block", "blocked", "ban", "banned", "forbid", "forbidden", "prevent"], {
    also: ["block", "restrict", "restricted", "disable"],
  }),
  ...alike(["whitelist", "allowlist", "whitelisted", "allowlisted"], { also: ["allowed", "allow"] }),
  // Many at once: a bulk or batch operation.
  ...alike(["several", "multiple", "bulk", "batch", "many", "bunch"], { also: ["bulk", "batch"] }),
  // Applying a configuration to a thing attaches it there.
  apply: { actions: ["update"], also: ["attach", "set"] },
  // "keep logs for 30 days" sets how long they are kept: their retention.
  keep: { also: ["retention", "set"] },
  ...alike(["activate", "reactivate", "resume", "unpause", "unblock"], { also: ["enable"] }),
  ...alike(["continue", "restart"], { also: ["resume", "enable"] }),
  ...alike(["mark", "toggle", "configure", "adjust", "flag"], {
    actions: ["update"],
    also: ["set", "update"],
  }),
  ...alike(["promote", "demote"], { actions: ["update"], also: ["set", "role"] }),
  // "control which repos may use it": set them.
  control: { actions: ["update"], also: ["set", "permission"] },
  ...alike(["grant", "give", "allow", "let", "enroll"], { actions: ["create", "update"], also: ["add", "set"] }),
  ...alike(["cap", "limit", "restrict", "throttle"], { also: ["limit", "restrict", "set", "cap"] }),
  // Defining a thing ("define a custom property") creates or changes its definition.
  define: { actions: ["create", "update"], also: ["create", "update", "definition"] },
  // What must hold before a change goes in is a protection, a rule or a required check.
  ...alike(["require", "enforce", "mandate"], { actions: ["update"], also: ["required", "protection", "rule"] }),
  // Closing an alert as not to be acted on changes its state.
  dismiss: { actions: ["update"], also: ["update", "dismissed"] },
  // "extra labels": added to those there are.
  ...alike(["extra", "additional"], { also: ["add"] }),
  // Who may skip a limit is on its bypass list.
  ...alike(["exempt", "exempted", "exemption", "exemptions"], { also: ["bypass", "allow"] }),
  // "choose which repos…": the chosen ones are set.
  ...alike(["choose", "pick", "select"], { actions: ["update"], also: ["set", "select"] }),
  invite: { actions: ["create"], also: ["invitation", "add"] },
  share: { actions: ["create"], also: ["add", "collaborator", "access"] },
  cancel: { also: ["delete"] },
  ...alike(["history", "all", "browse", "enumerate"], { actions: ["list"], also: ["list"] }),
  // What people asked for and wait on is a request ("people who asked to install my app", "waiting for approval").
  ...alike(["asked", "requested"], { also: ["request"] }),
  // Hiding a thing from view takes it off, or makes it private ("hide my membership from my profile").
  ...alike(["hide", "conceal"], { also: ["remove", "private", "hidden"] }),
  ...alike(["attachment", "attachments", "attached"], { also: ["asset", "attachment"] }),
  // "every label" is all of them: a listing, or an operation on all ("Remove all labels").
  every: { actions: ["list"], also: ["list", "all"] },
  ...alike(["which", "what", "get"], { actions: ["get", "list"] }),
  delete: { actions: ["delete"] },
  remove: { actions: ["delete"], also: ["delete"] },
  ...alike(
    [
      "destroy",
      "drop",
      "erase",
      "discard",
      "revoke",
      "unregister",
      "deregister",
      "uninstall",
      "detach",
      "purge",
      "wipe",
      "clear",
      "trash",
      "retire",
      "decommission",
      "withdraw",
      "rescind",
      "kick",
      "lift",
      "strip",
    ],
    { actions: ["delete"], also: ["delete", "remove"] },
  ),
  // Unlinking undoes a link: a detach, when the document has one.
  unlink: { actions: ["delete"], also: ["detach", "delete", "remove"] },
  ...alike(["kill", "terminate", "invalidate"], {
    actions: ["delete"],
    also: ["delete", "remove", "invalidate", "end", "stop"],
  }),
  ...alike(["leave", "left", "quit", "exit"], { also: ["leave", "remove"] }),
  show: { actions: ["get", "list"], also: ["get", "list"] },
  ...alike(["fetch", "retrieve", "read", "view", "see", "display"], { actions: ["get", "list"], also: ["get"] }),
  lookup: { actions: ["get", "search"], also: ["get", "find"] },
  // "check whether a user holds a role", and a yes-or-no question (read as "check …"): a read.
  ...alike(["check", "verify", "whether"], { actions: ["get"], also: ["check"] }),
  list: { actions: ["list"] },
  search: { actions: ["search", "list"] },
  find: { actions: ["search", "get", "list"], also: ["search", "get"] },
};

/** Everyday nouns and the words APIs use for them ("people" are users or members, "spend" is billing or usage). */
const nouns: Record<string, QueryWord> = {
  ...alike(
    [
      "people",
      "person",
      "someone",
      "somebody",
      "folks",
      "teammate",
      "teammates",
      "colleague",
      "colleagues",
      "coworker",
      "coworkers",
      "employee",
      "employees",
      "staff",
    ],
    { also: ["user", "member"] },
  ),
  // Members of a project or an organization are its users, in many APIs.
  ...alike(["member", "members", "membership"], { also: ["user"] }),
  // "who follows…", "who has access…", "everyone in…": people, listed.
  ...alike(["who", "everyone", "everybody"], { actions: ["list"], also: ["user", "member"] }),
  ...alike(["rejected", "declined", "reject", "decline", "refused"], { also: ["denied", "deny", "decline", "reject"] }),
  ...alike(["tomorrow", "tonight", "later"], { also: ["schedule", "scheduled"] }),
  ...alike(["pdf", "document", "documents", "attachment", "attachments", "spreadsheet", "screenshot"], {
    also: ["file"],
  }),
  count: { also: ["stats", "summary", "usage", "total"] },
  overall: { also: ["summary", "total"] },
  // Leaked credentials are what secret scanning finds.
  ...alike(["leak", "leaks", "leaked", "exposed"], { also: ["secret", "scanning"] }),
  tag: { also: ["label"] },
  ...alike(["spend", "spent", "spending", "expense", "expenses"], { also: ["billing", "usage", "cost"] }),
  ...alike(["cost", "costs", "bill"], { also: ["billing", "usage"] }),
  invoice: { also: ["billing"] },
  // Who came to see a thing: its views, its traffic.
  ...alike(["visitor", "visitors", "visits", "visited"], { also: ["view", "traffic"] }),
  ...alike(["subaccount", "subaccounts"], { also: ["account"] }),
  ...alike(["channel", "channels"], { also: ["conversation"] }),
  ...alike(["conversation", "conversations"], { also: ["channel"] }),
  ...alike(["workspace", "workspaces"], { also: ["team"] }),
  ...alike(["dm", "dms"], { also: ["message", "conversation"] }),
  ...alike(["bug", "bugs"], { also: ["issue", "ticket"] }),
  ...alike(["ticket", "tickets"], { also: ["issue"] }),
  ...alike(["issue", "issues"], { also: ["ticket"] }),
  ...alike(["picture", "pictures"], { also: ["photo", "avatar", "image", "icon", "media"] }),
  avatar: { also: ["photo", "image", "icon"] },
  image: { also: ["photo", "avatar", "icon", "media"] },
  photo: { also: ["avatar", "image", "icon", "media"] },
  ...alike(["credit", "credits", "funds", "prepaid"], { also: ["balance"] }),
  ...alike(["alert", "alerts"], { also: ["trigger"] }),
  // "warn me when…", "notify me if…": set up an alert.
  ...alike(["warn", "notify"], { actions: ["create"], also: ["alert", "trigger"] }),
  ...alike(["async", "asynchronous", "asynchronously", "offline"], { also: ["batch"] }),
  status: { also: ["presence", "state"] },
  ...alike(["online", "away", "offline"], { also: ["presence"] }),
  mail: { also: ["email"] },
  ...alike(["text", "texts", "sms", "mms"], { also: ["message", "sms"] }),
  ...alike(["password", "passwords", "username", "usernames"], { also: ["credential"] }),
  ...alike(["transcribe", "transcript", "dictate"], { also: ["transcription"] }),
  ...alike(["app", "apps"], { also: ["application"] }),
  ...alike(["application", "applications"], { also: ["app"] }),
  ...alike(["dial", "ring"], { also: ["call"] }),
  ...alike(["hook", "hooks", "callback"], { also: ["webhook"] }),
  ...alike(["webhook", "webhooks"], { also: ["hook"] }),
  link: { also: ["permalink", "url"] },
  url: { also: ["permalink", "link"] },
  ...alike(["favorite", "favourite", "bookmark"], { also: ["star"] }),
  login: { also: ["auth", "authenticated"] },
  identity: { also: ["authenticated"] },
  whoami: { also: ["authenticated", "identity", "user"] },
  ...alike(["branch", "branches"], { also: ["ref", "reference"] }),
  ...alike(["file", "files"], { also: ["content"] }),
  // "thumbs up a comment": add a reaction.
  thumbs: { actions: ["create"], also: ["reaction"] },
  logs: { also: ["log"] },
  logout: { also: ["session", "reset", "revoke", "signout"] },
  ...alike(["save", "saved"], { also: ["star", "bookmark"] }),
  // A reply is a message or a comment posted where another one is.
  ...alike(["reply", "respond", "answer"], { actions: ["create"], also: ["post", "message", "comment"] }),
  // Muting a thread ignores what it notifies: its subscription is set so.
  ...alike(["mute", "silence"], { actions: ["update"], also: ["ignore", "ignored", "subscription", "set"] }),
  // Made-up data for trying a thing out: a stub, a test.
  ...alike(["fake", "mock", "dummy"], { also: ["stubbed", "stub", "test"] }),
  ...alike(["watch", "watching", "watched"], { also: ["subscription", "subscribe"] }),
  ...alike(["subscribed", "subscriber", "subscribers"], { also: ["watcher", "subscription"] }),
  ...alike(["recent", "recently"], { also: ["event", "activity"] }),
  ...alike(["folder", "folders", "subfolder", "subdirectory"], { also: ["directory", "path"] }),
  // Past versions of a thing are its history.
  ...alike(["past", "previous"], { also: ["history", "version"] }),
  // A thing's revisions are its versions, or its commits where it is kept in git.
  ...alike(["revision", "revisions"], { also: ["version", "commit", "history"] }),
  ...alike(["version", "versions"], { also: ["revision"] }),
  // A child issue or team is a sub-issue or a sub-team; and the other way round.
  ...alike(["child", "children"], { also: ["sub"] }),
  sub: { also: ["child"] },
  // Sending again what failed ("resend a failed delivery").
  ...alike(["resend", "retry", "redeliver"], { also: ["redeliver", "retry", "resend"] }),
  // A .tar.gz of a thing is its archive, a tarball ("as a zip" may be how any download comes, so zip is left alone).
  ...alike(["tar", "gz", "tgz", "tarball"], { also: ["tarball", "archive", "download"] }),
  zipball: { also: ["archive", "download"] },
  // A whole export of an account or an organization is a migration.
  ...alike(["export", "exports"], { also: ["migration", "archive"] }),
  // Closing a conversation to new comments locks it.
  ...alike(["freeze", "frozen"], { actions: ["update"], also: ["lock"] }),
  ...alike(["maximum", "max", "minimum", "min", "quota"], { also: ["limit"] }),
  ...alike(["kept", "retain", "retained"], { also: ["retention"] }),
  ...alike(["reach", "reachable"], { also: ["access", "accessible"] }),
  // SHA-1, SHA-256, MD5 are hash algorithms.
  // A value written `sha256:…` is a digest.
  ...alike(["sha", "sha1", "sha256", "md5"], { also: ["hash", "algorithm", "digest"] }),
  ...alike(["vm", "vms"], { also: ["machine", "virtual"] }),
  // Someone who may edit or view a thing is a collaborator on it, with a role.
  ...alike(["editor", "editors", "viewer", "viewers"], { also: ["collaborator", "role"] }),
};

/** Phrases read as one word (`who am I` asks for the caller's identity). */
export const phrases: [RegExp, string][] = [
  [/\bwho\s+am\s+i\b/g, "whoami"],
  // "comment on an issue" as a verb (first, or after "to", "and"…), not "a review comment on a pull request".
  [/(^|\b(?:to|and|then|please|i|we)\s+)comment\s+on\b/g, "$1add comment"],
  [/\b(?:leave|drop|write|post)\s+(?:a|an|my|our|some)\s+(comment|note|reply|review)\b/g, "add $1"],
  [/\bfile\s+(an?\s+)?(bug|issue|ticket|report)/g, "create $2"],
  [/\blook\s+up\b/g, "lookup"],
  [/\bpull\s+up\b|\bbring\s+up\b/g, "show"],
  // "store a secret" as the request (first, or after "to", "and"…) puts it; "the vector store" is a thing.
  [/(^|\b(?:to|and|then|please|i|we)\s+)(?:store|save)\b/g, "$1put"],
  [/\blog\s+in\b|\bsign\s+in\b/g, "login"],
  [/\bdirect\s+messages?\b/g, "dm"],
  [/\bdo\s+not\s+disturb\b/g, "dnd"],
  [/\bthumbs\s+up\b/g, "thumbs"],
  [/\b(?:waiting|awaiting)\s+(?:for\s+)?(?:an?\s+|the\s+)?(?:approval|review|decision)\b/g, "pending request"],
  // "make codespaces available to selected members": who may use them is set, not a thing made.
  [/\bmake\s+((?:[a-z0-9]+\s+){0,3}?)(?:available|accessible|visible|usable)\b/g, "set $1access"],
  // A token to unregister a runner with is a remove token; one to register it, a registration token.
  [/\btoken\s+(?:so\s+(?:i|we)\s+can|in\s+order\s+to|to|for)\s+unregister(?:ing)?\b/g, "create removal token"],
  [/\btoken\s+(?:so\s+(?:i|we)\s+can|in\s+order\s+to|to|for)\s+register(?:ing)?\b/g, "create registration token"],
  // Text that turns into a link by itself is an autolink.
  [
    /\b(?:turns?|become|becomes|converted|changed)\s+(?:in)?to\s+(?:a\s+)?links?\b|\bauto\s*link(?:ed|s)?\b/g,
    "autolink",
  ],
  // "re-run", "re-request": one verb.
  [/\bre\s+(run|request|deliver|send|try|deploy|build|open)\b/g, "re$1"],
  // Files over a size are large ones; what an import "ran into" it hit.
  [
    /\b(?:over|above|bigger\s+than|larger\s+than|more\s+than|exceeding)\s+[0-9]+\s*(?:kb|mb|gb|megabytes?|gigabytes?)\b/g,
    "large",
  ],
  [/\b(?:run|ran|running)\s+into\b/g, "hit"],
  // The most visited or popular things are the top ones.
  [/\bmost\s+(?:visited|viewed|frequent|referred)\b/g, "top"],
  [/\bmost\s+(?:popular|common|commonly\s+used|used)\b/g, "top common"],
  // A branch's latest commit is its head.
  [/\b(?:latest|last|newest|most\s+recent|tip)\s+commit\b/g, "head commit"],
  // A repository and its forks are its network.
  [/\band\s+(?:all\s+)?(?:of\s+)?(?:its|their)\s+forks\b/g, "network"],
  // A file attached to a thing is its asset, or attachment ("a file attached to our release").
  [/\b(?:files?|binar(?:y|ies)|downloads?)\s+(?:attached|uploaded)\s+to\b/g, "attachment of"],
  // "stop letting users push": what they were let do goes; the document speaks of their access.
  [/\b(?:stop|quit)\s+(?:letting|allowing|permitting)\b|\bno\s+longer\s+(?:let|allow|permit)\b/g, "remove access"],
  // "stop following" is what the document writes "unfollow"; the verb undone is read as usual (see analyzeQuery).
  [/\bstop\s+([a-z]+?)ing\b/g, "un$1"],
  // "open" and "closed" after a listing verb are a state, not the verb "open" (create).
  [/\b(list|show|get|find|all|my)\s+(?:the\s+|all\s+)?(?:open|closed)\b/g, "$1"],
  // What "I can buy" is what is available, not a purchase.
  [
    /\b(?:i|we|you)\s+(?:can|could)\s+(?:buy|purchase|order)\b|\b(?:can|could)\s+(?:i|we|you)\s+(?:buy|purchase|order)\b/g,
    "available",
  ],
  [/\b(?:available|up)\s+for\s+(?:sale|purchase)\b/g, "available"],
  [/\bturn\s+off\b|\bswitch\s+off\b/g, "disable"],
  [/\bget\s+rid\s+of\b|\btake\s+(?:back|away|down)\b/g, "remove"],
  // "take a repository away from a team": the object between the verb and its particle.
  [/\btake\s+((?:[a-z0-9"'-]+\s+){1,5}?)away\b/g, "remove $1"],
  // A stop for a while is a pause.
  [/\b(?:temporarily|briefly)\s+(?:stop|halt|disable|turn\s+off|cut\s+off|shut\s+off|block)\b/g, "pause"],
  // "make my membership visible publicly": a setting, not a creation.
  [
    /\bmake\s+((?:[a-z]+\s+){1,7}?)(?:(?:visible\s+|show\s+|appear\s+)?public(?:ly)?|visible)(?=\s*$|[^a-z\s]|\s+(?:to|for|again|now|so|and|on|in)\b)/g,
    "set $1public",
  ],
  // "make the token read-only by default", "make a user an admin", "make checks strict": a setting of a thing that is
  // there, not a creation ("make a private channel" names what to create: the word after the complement is a noun).
  [
    /\bmake\s+((?:[a-z0-9]+\s+){0,5}?)(read\s+only|private|required|optional|strict|default|hidden|invisible|inactive|expire|(?:an?\s+|the\s+)?(?:admin|owner|maintainer|editor|viewer|reader|writer|moderator|manager))(?=\s*$|[^a-z\s]|\s+(?:to|for|by|of|again|now|so|and|on|in|at)\b)/g,
    "set $1$2",
  ],
  // "stop any more comments on issue 42": lock it; "let people comment again": unlock it.
  [/\b(?:stop|block|prevent|no)\s+(?:any\s+)?(?:more|further|new)\s+comments\b/g, "lock"],
  [/\b(?:comment|reply|replies|comments)\s+again\b/g, "unlock"],
  // "the old team_id route", "the deprecated endpoint": the legacy variant.
  [
    /\b(?:old|older|deprecated|previous)\s+((?:[a-z0-9_]+\s+){0,2})(?:route|endpoint|api|version\s+of\s+the\s+api)\b/g,
    "legacy $1",
  ],
  // A run of GitHub Actions is a workflow run.
  [/\bactions\s+(runs?)\b/g, "workflow $1"],
  // Who made the most commits are the top contributors.
  [/\b(?:made|has\s+made|have\s+made|with)\s+the\s+most\s+commits\b|\bmost\s+commits\b/g, "top contributors"],
  // "tag issue 42 with bug": add a label to it ("tag the commit with v1.2" names a git tag: left alone).
  [/\btag\s+((?:[a-z0-9#-]+\s+){1,4}?)with\b(?!\s+v?[0-9])/g, "add label to $1"],
  // "make the group contain runners 11 and 12", "make the repo use…": a setting of what is there.
  [/\bmake\s+((?:[a-z0-9]+\s+){1,6}?)(contain|include|use|require|hold|point)\b/g, "set $1$2"],
  // "make it red", "make them private": a change of what is there, not a creation.
  [/\bmake\s+(?:it|them)\b/g, "update"],
  // "let the release app push", "allow the bots to merge": they are given access to do it.
  [/(?<!\bonly\s+)\b(?:let|allow)\s+((?:[a-z0-9"'-]+\s+){1,4}?)(?:to\s+)?(push|merge)\b/g, "allow $1access $2"],
  // "put sam on the team": add them there.
  [/\bput\s+((?:[a-z0-9"'-]+\s+){1,3}?)(?:on|onto)\b/g, "add $1to"],
  // "take the team out of the list": a removal from it.
  [/\btake\s+((?:[a-z0-9"'-]+\s+){1,4}?)out\s+of\b/g, "remove $1from"],
  // What a thing is nested under is its parent.
  [/\b(?:nested|sits?|sitting|lives?)\s+(?:under|beneath|below|inside|within)\b/g, "parent"],
  // "which webhooks are configured", "what runners are registered": they are there; the question lists them.
  [
    /(?<!\b(?:settings?|options?|values?|config(?:uration)?s?)\s+)\b(?:are|were)\s+(?:configured|installed|registered|defined)\b/g,
    "",
  ],
  // "only allow these apps to push": the allowed ones are set, not added to.
  [/\bonly\s+(allow|let|permit)\b/g, "set $1"],
  // "replace the list of repos…": the list is what the person names, not a listing.
  [/\b(?:the|a|this|that|our|my|whole|full|entire|complete)\s+list\s+of\b/g, "the"],
  // A fix an AI or a tool suggests is what APIs name an autofix.
  [
    /\b(?:ai|suggested|automatic|automated|auto)[\s-]+(?:generated\s+)?fix(?:es)?\b|\bgenerate\s+(?:an?\s+)?fix\b/g,
    "autofix",
  ],
  // "include X in Y" as the request: an addition.
  [/^include\b/g, "add"],
  // A person's own account, as APIs name it.
  [/\bpersonal\s+(?:account|user)\b/g, "user"],
  // "take it off the list": the list is where the thing is, not a listing.
  [/\b(off|from)\s+(?:the|that|this)\s+list\b/g, "$1"],
  // "kick someone out of…", "take my link off…": the object between the verb and its particle.
  [/\bkick(?:s|ed|ing)?\s+off\b/g, "start"],
  [/\bkick\s+((?:[a-z]+\s+){0,2}?)out\b/g, "remove $1"],
  // "move runner 88 into group 5": add it there.
  [/\bmove\s+((?:[a-z0-9]+\s+){1,5}?)into\b/g, "add $1to"],
  // "what access level is set?": a state, not a request to set it.
  [/\b(?:is|are|was|were|been)\s+set\b(?!\s+up)/g, ""],
  // A day named by its date is one day ("the report for March 3rd", "yesterday").
  [
    /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\s+[0-9]{1,2}(?:st|nd|rd|th)?\b|\b[0-9]{4}[\s-][0-9]{1,2}[\s-][0-9]{1,2}\b/g,
    "one day",
  ],
  [/\byesterday\b/g, "yesterday one day"],
  // "keep caches for only 7 days": set how long they are kept ("but keep the file" keeps it).
  [
    /\bkeep\s+((?:[a-z0-9]+\s+){0,5}?)for\s+(?:only\s+|just\s+)?[0-9]+\s+(?:days?|weeks?|months?|years?|hours?)\b/g,
    "set $1retention",
  ],
  [/\b(?:take|strip|pull|clear)\s+((?:[a-z0-9]+\s+){1,5}?)off\b/g, "remove $1"],
  [/\bbring\s+back\b/g, "restore"],
  [/\bboot\s+(?:up\b)?|\bpower\s+(?:up|on)\b/g, "boot "],
  [/\btear\s+down\b/g, "delete"],
  // Shutting a machine down stops it ("shut down the codespace left running").
  [/\bshut\s+(?:down|off)\b/g, "stop"],
  // "… I no longer need", "… we don't use anymore": why, not what.
  // "I don't want people to see that I'm in it": hide it.
  [
    /\b(?:don'?t|do\s+not|not)\s+want\s+(?:people|anyone|others|everyone|everybody|them|the\s+public)\s+to\s+(?:see|know)\b/g,
    "hide",
  ],
  [/\b(?:i|we)\s+(?:no\s+longer|don'?t|do\s+not)\s+(?:need|use|want)(?:\s+any\s?more)?\b/g, ""],
  [/\b(?:i|we)\s+(?:stopped|quit)\s+(?:using|needing)\b/g, ""],
  [/\bcheck\s+(?:on\s+)?(?:the\s+)?(?:status|progress|state)\s+of\b/g, "get status"],
  // "day by day", "per month", "each year", "every week": the daily, monthly… figures.
  [/\bday\s+by\s+day\b|\b(?:per|each|every)\s+day\b/g, "daily"],
  [/\bmonth\s+by\s+month\b|\b(?:per|each|every)\s+month\b/g, "monthly"],
  [/\bweek\s+by\s+week\b|\b(?:per|each|every)\s+week\b/g, "weekly"],
  [/\byear\s+by\s+year\b|\b(?:per|each|every)\s+year\b|\bannual(?:ly)?\b/g, "yearly"],
  [/\bhour\s+by\s+hour\b|\b(?:per|each|every)\s+hour\b/g, "hourly"],
  [/\b(?:log|sign)\s+(?:([a-z]+(?:\s+[a-z]+)?)\s+)?out\b/g, "logout $1"],
  // People with access to a thing are its collaborators or members.
  [/\bwho\s+(?:has|have|can)\s+access\b/g, "who collaborators access"],
  // "limit how many pull requests…" caps them; it does not count them.
  [/\b(limit|cap|restrict|throttle)\s+how\s+(?:many|much|often)\b/g, "$1"],
  [/\bhow\s+(?:many|much)\b|\btotal\s+number\b|\bnumber\s+of\b/g, "count"],
  // A yes-or-no question ("am I following…", "does the team have access…") is a check.
  [/^(?:am|is|are|does|do|has|have|can)\s+/g, "whether "],
  [/\bturn\s+on\b|\bswitch\s+on\b/g, "enable"],
  // "set up a webhook" as the request (first, or after "to", "and"…) creates one; "the profiles set up for a merchant"
  // are there already, and "set" alone changes a setting.
  [/(^|\b(?:to|and|then|please|i|we|you|can|could|should|must)\s+)set\s+up\b/g, "$1setup"],
  // "the autolinks set up for a repo": they are there; the request is something else.
  [/\bset\s+up\b/g, ""],
  // "an invite I sent", "the pending collaborator invite": the noun, not the verb (first, or after "to", "and"…).
  [/(?<!(?:^|\b(?:to|and|then|please|i|we|you|can|could|should|must)\s+))\binvite(s?)\b/g, "invitation$1"],
  // "tell me about the org": a read.
  [/\btell\s+me\s+(?:about|of)\b|\btell\s+me\b/g, "show"],
  [/\ball\s+at\s+once\b|\bat\s+once\b|\bin\s+one\s+go\b/g, "bulk"],
  [/\ba\s+new\s+name\b/g, "rename"],
  [/\bhang\s+up\b/g, "end call"],
  // "turn this recording into text": a transcription.
  [/\b(?:turn|convert)\s+((?:[a-z]+\s+){0,3}?)into\s+text\b/g, "transcribe $1"],
  // "open a conversation by its id" reads one.
  [/\bby\s+(?:its|their|the|an?)\s+(?:id|identifier|sid|key|name|sha|hash)\b/g, "get"],
  [/\btext\s+messages?\b/g, "sms"],
  [/\b(?:can|could|may)\s+be\s+assigned\b|\bassignable\b/g, "assignee"],
  // "shouldn't", "isn't": a negation, not the words "shouldn" and "t".
  [/\b[a-z]+n['’]t\b/g, "not"],
];

/** What a query word asks for and what it also searches, when the vocabulary knows it (or knows its singular). */
export function queryWordOf(word: string): QueryWord | undefined {
  const known = verbs[word] ?? nouns[word];
  if (known !== undefined || word.length < 4 || !word.endsWith("s") || word.endsWith("ss")) return known;
  return nouns[word.slice(0, -1)];
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
