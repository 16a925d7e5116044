import { beforeAll, describe, expect, it } from "vitest";
import { documentOf, writeDocument } from "../../test/documents";
import { createOperationCatalog, type OperationCatalog } from "../catalog/create-operation-catalog";
import { readOperationIndex } from "../index/read-operation-index";
import { analyzeQuery } from "./analyze-query";
import { detailsOf, headlineOf, traitsOf, type OperationTraits } from "./operation-traits";
import { queryWordOf } from "./query-vocabulary";
import { rankFactor } from "./rank-factor";
import { stemOf } from "./search-terms";

/** Operations of a small API whose words are its own (tickets, projects, billing): plain ones next to admin, enterprise and organization variants. */
const operations: [
  method: string,
  path: string,
  operationId: string,
  summary: string,
  more?: Record<string, unknown>,
][] = [
  ["get", "/projects", "listProjects", "List all projects"],
  ["post", "/projects", "createProject", "Create a new project"],
  ["get", "/projects/{id}", "getProject", "Get a project"],
  ["patch", "/projects/{id}", "updateProject", "Update a project"],
  ["delete", "/projects/{id}", "deleteProject", "Delete a project"],
  ["get", "/projects/{id}/members", "listProjectMembers", "List the members of a project"],
  ["get", "/projects/{id}/tickets", "listTickets", "List the tickets of a project"],
  ["post", "/projects/{id}/tickets", "createTicket", "Create a ticket"],
  ["get", "/projects/{id}/tickets/{number}", "getTicket", "Get a ticket"],
  ["patch", "/projects/{id}/tickets/{number}", "updateTicket", "Update a ticket"],
  ["get", "/projects/{id}/tickets/{number}/comments", "listTicketComments", "List the comments of a ticket"],
  ["post", "/projects/{id}/tickets/{number}/comments", "createTicketComment", "Create a comment on a ticket"],
  ["post", "/admin/projects", "adminCreateProject", "Create a project", { tags: ["admin"] }],
  ["post", "/enterprises/{enterprise}/projects", "enterpriseCreateProject", "Create a project"],
  ["get", "/orgs/{org}/projects", "listOrgProjects", "List organization projects"],
  ["post", "/orgs/{org}/projects", "createOrgProject", "Create a project"],
  ["get", "/user/projects", "listProjectsForAuthenticatedUser", "List projects for the authenticated user"],
  ["get", "/billing/usage", "getBillingUsage", "Get the billing usage report"],
  ["post", "/projects/list", "exportProjectsList", "Projects list export"],
  ["put", "/projects/{id}/follow", "followProject", "Follow a project"],
  ["delete", "/projects/{id}/follow", "unfollowProject", "Unfollow a project"],
  ["post", "/projects/{id}/archive", "archiveProject", "Archive a project"],
  ["get", "/projects/{id}/archive", "downloadProjectArchive", "Download the archive of a project"],
  ["delete", "/projects/{id}/tickets/{number}", "deleteTicket", "Delete a ticket"],
  ["get", "/projects/{id}/follow", "checkProjectFollowed", "Check if a project is followed by you"],
  ["post", "/projects/{id}/logout", "resetProjectSessions", "Reset every session in a project"],
  ["patch", "/projects/{id}/settings", "updateProjectSettings", "Update the settings of a project"],
  ["get", "/projects/{id}/settings", "getProjectSettings", "Get the settings of a project"],
  ["post", "/projects/{id}/restrict", "restrictProject", "Restrict who can see a project"],
  ["post", "/projects/bulk", "bulkCreateProjects", "Create projects in bulk"],
  ["get", "/Reports.json", "listReports", "Retrieve the reports of the account"],
  ["get", "/Reports/{Sid}.json", "fetchReport", "Fetch a report"],
  ["post", "/projects/{id}/activate", "activateProject", "Activate a project"],
  ["post", "/projects/{id}/restore", "restoreProject", "Restore a deleted project"],
  ["post", "/alerts", "createAlert", "Create a spending alert"],
  ["get", "/alerts", "listAlerts", "List the spending alerts"],
  ["get", "/usage/daily", "listDailyUsage", "List the daily usage records"],
  ["get", "/usage/monthly", "listMonthlyUsage", "List the monthly usage records"],
  ["post", "/transcriptions", "createTranscription", "Create a transcription of an audio file"],
  ["get", "/credential-lists", "listCredentialLists", "Get all credential lists"],
  ["get", "/messages", "listMessages", "Retrieve the messages sent and received by the account"],
  ["get", "/usage/yearly", "listYearlyUsage", "List the yearly usage records"],
  ["get", "/usage/years/{year}", "getUsageOfYear", "Get the usage of one year"],
  [
    "delete",
    "/projects/{id}/configuration/file",
    "deleteProjectConfigurationFile",
    "Delete the configuration file of a project",
  ],
  ["get", "/available-numbers", "listAvailableNumbers", "List the phone numbers available in a country"],
  ["post", "/phone-numbers", "provisionNumbers", "Buy phone numbers"],
  ["post", "/projects/{id}/builds", "requestProjectBuild", "Request a build of the project"],
  ["get", "/projects/{id}/builds/latest", "getLatestProjectBuild", "Get the latest build of the project"],
  ["delete", "/projects/{id}/configuration", "detachProjectConfiguration", "Detach the configuration from a project"],
  ["post", "/uploads", "createUpload", "Upload a file"],
  ["get", "/uploads/{id}", "getUpload", "Get an upload"],
  ["get", "/secret-alerts", "listSecretAlerts", "List secret scanning alerts"],
  ["post", "/projects/{id}/files", "addProjectFile", "Add a file to a project"],
  ["post", "/uploads/{id}/cancel", "cancelUpload", "Cancel an upload"],
  ["get", "/projects/{id}/groups", "listProjectGroups", "List the groups that have access to a project"],
  ["get", "/projects/{id}/tickets/{number}/comments/{comment}", "getTicketComment", "Get a comment of a ticket"],
  ["post", "/projects/{id}/limits", "updateProjectLimits", "Update the rate limits of a project"],
  ["get", "/projects/{id}/limits", "listProjectLimits", "List the rate limits of a project"],
  ["get", "/projects/{id}/summary", "getProjectSummary", "Get the summary of a project"],
  ["get", "/projects/{id}/builds/{build}/statuses", "listBuildStatuses", "List the statuses of a build"],
  ["get", "/projects/{id}/builds/{build}/statuses/{status}", "getBuildStatus", "Get a status of a build"],
  ["put", "/projects/{id}/roles/{role}", "assignProjectRole", "Assign a role to a project"],
  ["get", "/projects/{id}/roles/{role}", "getProjectRole", "Get a role of a project"],
  ["delete", "/projects/{id}/roles/{role}", "unassignProjectRole", "Unassign a role from a project"],
  ["get", "/projects/{id}/files/{name}/content", "getProjectFileContent", "Get the content of a file in a project"],
  ["get", "/projects/{id}/labels", "listProjectLabels", "List the labels of a project"],
  ["post", "/uploads/{id}/pause", "pauseUpload", "Pause an upload"],
  ["put", "/projects/{id}/visibility", "setProjectPublic", "Set a project public"],
  ["get", "/users/{username}/billing/usage", "getUserBillingUsage", "Get the billing usage report of a user"],
  ["post", "/projects/{id}/autofixes", "createProjectAutofix", "Create an autofix for a project"],
  ["delete", "/projects/{id}/inclusions/{name}", "deleteProjectInclusion", "Delete an inclusion of a project's tokens"],
  ["get", "/projects/{id}/inclusions", "listProjectInclusions", "List the inclusions of a project's tokens"],
  ["post", "/projects/{id}/inclusions", "createProjectInclusion", "Create an inclusion of a project's tokens"],
  ["patch", "/projects/{id}/labels", "updateProjectLabels", "Update the existing labels of a project, which exist"],
  ["post", "/projects/{id}/stop", "stopProject", "Stop a running project"],
  ["post", "/uploads/{id}/redeliver", "redeliverUpload", "Redeliver an upload"],
  ["get", "/projects/{id}/history", "getProjectHistory", "Get the history of a project"],
  ["get", "/projects/{id}/directories/{path}/readme", "getDirectoryReadme", "Get the README of a directory"],
  ["get", "/projects/{id}/readme", "getProjectReadme", "Get the README of a project"],
  ["put", "/projects/{id}/owner", "setProjectOwner", "Set the owner of a project"],
  ["put", "/projects/{id}/mode", "setProjectMode", "Set the mode of a project (read-only or writable)"],
  ["get", "/usage/details", "getUsageDetails", "Get the details of a specific usage report"],
  ["get", "/projects/{id}/hash-algorithm", "getProjectHashAlgorithm", "Get the hash algorithm of a project"],
  ["post", "/projects/{id}/start", "startProject", "Start a project"],
  ["delete", "/orgs/{org}/groups/{group_slug}/members/{username}", "removeGroupMember", "Remove a group member"],
  [
    "delete",
    "/groups/{group_id}/members/{username}",
    "removeGroupMemberLegacy",
    "Remove a group member (Legacy)",
    { tags: ["legacy"] },
  ],
];

const paths: Record<string, Record<string, unknown>> = {};
for (const [method, path, operationId, summary, more] of operations) {
  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => ({
    name: match[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  (paths[path] ??= {})[method] = {
    operationId,
    summary,
    parameters,
    responses: { "200": { description: "ok" } },
    ...more,
  };
}
const projectsDocument = documentOf("Projects API", { paths });

let catalog: OperationCatalog;
beforeAll(async () => {
  catalog = createOperationCatalog(await readOperationIndex({ documentFile: await writeDocument(projectsDocument) }));
}, 120_000);

const first = (query: string): string | undefined => catalog.search({ query }).operations[0]?.operationId;

/** An operation's traits for `rankFactor`: a POST of a collection with no scope, and what `traits` gives. */
const traitsWith = (traits: Partial<OperationTraits>): OperationTraits => ({
  action: undefined,
  method: "POST",
  collection: true,
  scopes: new Set(),
  self: false,
  deprecated: false,
  headlineStems: [],
  leadStem: undefined,
  itemStems: new Set(),
  addressedItemStem: undefined,
  resourceStem: undefined,
  idStems: new Set(),
  bulk: false,
  ...traits,
});

describe("ranking what a person asks for", () => {
  it.each([
    ["start a new project", "createProject"],
    ["make a project", "createProject"],
    ["add a ticket", "createTicket"],
    ["edit a ticket", "updateTicket"],
    ["change a project", "updateProject"],
    ["close a ticket", "updateTicket"],
    ["remove a project", "deleteProject"],
  ])("reads a verb the document does not use: %s → %s", (query, operationId) => {
    expect(first(query)).toBe(operationId);
  });

  it.each([
    ["the people in a project", "listProjectMembers"],
    ["how much did we spend", "getBillingUsage"],
    ["file a bug", "createTicket"],
  ])("reads an everyday noun as the API's word: %s → %s", (query, operationId) => {
    expect(first(query)).toBe(operationId);
  });

  it("ranks the admin, enterprise and organization variants below the plain operation, unless the query names them", () => {
    const ids = catalog.search({ query: "create a project" }).operations.map((operation) => operation.operationId);
    expect(ids[0]).toBe("createProject");
    for (const variant of ["adminCreateProject", "enterpriseCreateProject", "createOrgProject"])
      expect(ids.indexOf(variant)).toBeGreaterThan(0);
    expect(first("create an organization project")).toBe("createOrgProject");
    expect(first("create a project as an admin")).toBe("adminCreateProject");
  });

  it("weighs the method the verb implies: list is a GET of a collection, create a POST", () => {
    expect(first("list projects")).toBe("listProjects");
    expect(first("list the comments on a ticket")).toBe("listTicketComments");
    expect(first("comment on a ticket")).toBe("createTicketComment");
    expect(first("get a project")).toBe("getProject");
  });

  it("weighs the verb the query starts with when the operation's summary starts with it too", () => {
    expect(first("archive a project")).toBe("archiveProject");
    const traits = (summary: string): OperationTraits =>
      traitsWith({ leadStem: stemOf(summary.split(" ")[0] as string) });
    const query = analyzeQuery("schedule a report");
    expect(query.leadStem).toBe(stemOf("schedule"));
    expect(
      rankFactor(query, traits("Schedules a report"), new Set(), new Set()) /
        rankFactor(query, traits("Lists scheduled reports"), new Set(), new Set()),
    ).toBeGreaterThan(1.1);
    // A plain action the vocabulary knows (get, add, list) is weighed as an action instead.
    expect(analyzeQuery("get a report").leadStem).toBeUndefined();
  });

  it('reads "stop …ing" as the verb undone, "cancel" as a removal, and open or closed after a listing verb as a state', () => {
    expect(first("stop following a project")).toBe("unfollowProject");
    expect(first("cancel a ticket")).toBe("deleteTicket");
    expect(first("list open tickets")).toBe("listTickets");
  });

  it.each([
    ["get rid of a ticket", "deleteTicket"],
    ["take back a ticket", "deleteTicket"],
    ["decommission a project", "deleteProject"],
    ["am I following this project", "checkProjectFollowed"],
    ["who is in a project", "listProjectMembers"],
    ["log everyone out of a project", "resetProjectSessions"],
  ])("reads everyday phrasings of an action: %s → %s", (query, operationId) => {
    expect(first(query)).toBe(operationId);
  });

  it('prefers the path that addresses one item of what the query names after "a specific" or "one"', () => {
    const query = analyzeQuery("see the logo of a specific terminal");
    expect([...query.itemStems]).toContain(stemOf("terminal"));
    // The item is the noun a run of several ends with, not the words that qualify it.
    const configuration = analyzeQuery("show details of one code security configuration in our enterprise");
    expect([...configuration.itemStems]).toContain(stemOf("configuration"));
    expect([...configuration.itemStems]).not.toContain(stemOf("code"));
    const traits = (itemStems: string[]): OperationTraits =>
      traitsWith({ action: "get", method: "GET", itemStems: new Set(itemStems.map(stemOf)) });
    expect(
      rankFactor(query, traits(["terminals"]), new Set(), new Set()) /
        rankFactor(query, traits(["merchants"]), new Set(), new Set()),
    ).toBeGreaterThan(1.2);
    expect(analyzeQuery("see the logos of every terminal").itemStems.size).toBe(0);
  });

  it.each([
    ["block a project", "restrictProject"],
    ["add several projects at once", "bulkCreateProjects"],
    ["create multiple projects", "bulkCreateProjects"],
    ["show me the texts I sent", "listMessages"],
    ["fix a ticket", "updateTicket"],
    ["turn on a project", "activateProject"],
    ["bring back a project I deleted", "restoreProject"],
    ["warn me when we spend too much", "createAlert"],
    ["usage day by day", "listDailyUsage"],
    ["turn this audio into text", "createTranscription"],
    ["usage each year", "listYearlyUsage"],
    ["phone numbers I can buy", "listAvailableNumbers"],
    ["buy a phone number", "provisionNumbers"],
    ["rebuild my project", "requestProjectBuild"],
    ["put a file into a project", "addProjectFile"],
    ["unlink the configuration from a project", "detachProjectConfiguration"],
    ["tokens that leaked", "listSecretAlerts"],
    ["did my upload finish processing?", "getUpload"],
    ["tear down a project I no longer need", "deleteProject"],
    ["the newest comment on a ticket", "getTicketComment"],
    ["leave a comment on a ticket", "createTicketComment"],
    ["abort an upload", "cancelUpload"],
    ["raise the rate limits of a project", "updateProjectLimits"],
    ["overall numbers of a project", "getProjectSummary"],
    ["the status history of a build", "listBuildStatuses"],
    ["does this project have a particular role?", "getProjectRole"],
    ["check whether a project holds a role", "getProjectRole"],
    ["temporarily stop an upload", "pauseUpload"],
    ["take a role away from a project", "unassignProjectRole"],
    ["make my project visible publicly", "setProjectPublic"],
    ["billing usage of a personal account", "getUserBillingUsage"],
    ["apply the AI fix to a project", "createProjectAutofix"],
    ["include a property in a project's tokens as an inclusion", "createProjectInclusion"],
    ["shut down the project that is still running", "stopProject"],
    ["resend an upload that failed", "redeliverUpload"],
    ["the past versions of a project", "getProjectHistory"],
    ["the README in one folder of a project", "getDirectoryReadme"],
    ["is this project using SHA-1 or SHA-256?", "getProjectHashAlgorithm"],
  ])("reads everyday words for the API's own: %s → %s", (query, operationId) => {
    expect(first(query)).toBe(operationId);
  });

  it("prefers the path that addresses one item of what the query names by a number", () => {
    expect(first("show comment 88 on ticket 42")).toBe("getTicketComment");
    const query = analyzeQuery("show comment 88 on ticket 42");
    // The first thing named by a number is the one asked about; the ones after it hold it.
    expect([...query.numberedItemStems]).toEqual([stemOf("comment")]);
    expect([...analyzeQuery("close pull request 42").numberedItemStems]).toEqual([
      stemOf("pull"),
      stemOf("request"),
      stemOf("pullrequest"),
    ]);
    const traits = (path: string): OperationTraits =>
      traitsOf({ ...catalog.index.operations[0]!, path, summary: "Get them", operationId: "getThem" });
    expect(traits("/tickets/{number}/comments/{comment}").addressedItemStem).toBe(stemOf("comments"));
    expect(traits("/tickets/{number}/comments").addressedItemStem).toBeUndefined();
    expect(
      rankFactor(query, traits("/tickets/{number}/comments/{comment}"), new Set(), new Set()) /
        rankFactor(query, traits("/tickets/{number}/reviewers/{login}"), new Set(), new Set()),
    ).toBeGreaterThan(1.2);
    expect(analyzeQuery("the last 30 days of usage").numberedItemStems.has(stemOf("comment"))).toBe(false);
  });

  it('reads "make X read-only", "make X the owner" as a setting, and "make a private X" as a creation', () => {
    for (const query of ["make alice the owner of a project", "make the token read-only by default", "make it private"])
      expect([...analyzeQuery(query).actions]).toContain("update");
    expect([...analyzeQuery("make a private project").actions]).toEqual(["create"]);
    expect(first("make alice the owner of a project")).toBe("setProjectOwner");
    expect(first("make a project read-only for now")).toBe("setProjectMode");
    expect(first("make a private project")).toBe("createProject");
  });

  it('weighs little the words that say how the person sees the thing ("a specific", "details of"), not which thing', () => {
    expect(first("get details of one specific project")).toBe("getProject");
    const query = analyzeQuery("get details of one specific project");
    expect(query.weights[query.terms.indexOf(stemOf("specific"))]).toBeLessThan(0.5);
    expect(query.weights[query.terms.indexOf(stemOf("project"))]).toBe(1);
  });

  it("reads a name in capitals with underscores, and a pattern with a star, as values, not words", () => {
    const terms = analyzeQuery("read the DEPLOY_KEY secret of a project").terms;
    expect(terms).toContain(stemOf("secret"));
    expect(terms).not.toContain(stemOf("deploy"));
    expect(terms).not.toContain(stemOf("key"));
    const pattern = analyzeQuery("allow the actions matching our-org/* in this project");
    expect(pattern.scopes.size).toBe(0);
    expect(pattern.terms).not.toContain(stemOf("org"));
    expect(analyzeQuery("list tickets across a project").terms).not.toContain(stemOf("across"));
  });

  it("reads a query that names a thing and no action as a read; a verb of its own is not one", () => {
    expect(first("the settings of a project")).toBe("getProjectSettings");
    expect(first("settings configured on one project")).toBe("getProjectSettings");
    const query = analyzeQuery("teams that hold a role");
    expect(query.readsByDefault).toBe(true);
    expect(
      rankFactor(query, traitsWith({ method: "GET" }), new Set(), new Set()) /
        rankFactor(query, traitsWith({ method: "PATCH" }), new Set(), new Set()),
    ).toBeGreaterThan(1.1);
    // A verb the vocabulary does not know, followed by its object ("protect a branch", "remind me"), or one the document's headlines start with.
    expect(analyzeQuery("protect a branch").readsByDefault).toBe(false);
    expect(analyzeQuery("remind me to call").readsByDefault).toBe(false);
    expect(analyzeQuery("star repositories", new Set(), new Set([stemOf("star")])).readsByDefault).toBe(false);
    expect(analyzeQuery("list the teams").readsByDefault).toBe(false);
    // An aspect the vocabulary knows ("status") is no verb; a question about how far a thing has come reads it.
    expect(analyzeQuery("status summary of my query run").readsByDefault).toBe(true);
    // "which … did we fix" asks to read them: the verb of its clause is no action.
    const which = analyzeQuery("which tickets did we fix");
    expect([...which.actions].sort()).toEqual(["get", "list"]);
    expect(
      rankFactor(which, traitsWith({ action: "list", method: "GET" }), new Set(), new Set()) /
        rankFactor(which, traitsWith({ action: "update", method: "PATCH" }), new Set(), new Set()),
    ).toBeGreaterThan(1.5);
    const question = analyzeQuery("did my upload finish processing?");
    expect([question.readsByDefault, [...question.actions]]).toEqual([true, ["get"]]);
  });

  it("reads a path's format suffix as no part of its shape (`/Reports/{Sid}.json` is one report)", () => {
    const traits = (operationId: string): OperationTraits =>
      traitsOf(catalog.index.operations.find((operation) => operation.operationId === operationId)!);
    expect(traits("fetchReport").collection).toBe(false);
    expect(traits("listReports").collection).toBe(true);
    expect([...traits("fetchReport").itemStems]).toEqual([stemOf("reports")]);
    expect(first("list the reports")).toBe("listReports");
  });

  it("reads whether a query that may read one or many asks about one item or many, and weighs the path that matches", () => {
    expect(analyzeQuery("what containers do I have").objectNumber).toBe("many");
    expect(analyzeQuery("what teams exist at the enterprise level").objectNumber).toBe("many");
    expect(analyzeQuery("show the vector store files").objectNumber).toBe("many");
    expect(analyzeQuery("show the settings of my sip domain").objectNumber).toBe("one");
    expect(analyzeQuery("show my account details").objectNumber).toBe("one");
    expect(analyzeQuery("info about a specific model").objectNumber).toBe("one");
    expect(analyzeQuery("see each graded result").objectNumber).toBe("many");
    // "one of my keys" is one key; so is the key "the details of" are about.
    expect([...analyzeQuery("one of my API keys").itemStems]).toContain(stemOf("key"));
    expect([...analyzeQuery("the details of my short code").itemStems]).toContain(stemOf("code"));
    expect(analyzeQuery("the details of my projects").itemStems.size).toBe(0);
    const many = analyzeQuery("which projects do we have");
    const one = analyzeQuery("show the settings of the project");
    const collection = traitsWith({ action: "list", method: "GET", collection: true });
    const item = traitsWith({ action: "get", method: "GET", collection: false });
    const ratio = (query: ReturnType<typeof analyzeQuery>): number =>
      rankFactor(query, collection, new Set(), new Set()) / rankFactor(query, item, new Set(), new Set());
    expect(ratio(many)).toBeGreaterThan(1.1);
    expect(ratio(one)).toBeLessThan(1 / 1.1);
  });

  it("weighs the operation whose path's last collection is the thing the query names", () => {
    const query = analyzeQuery("show all my fine-tuning jobs");
    expect([...query.objectStems]).toContain(stemOf("jobs"));
    const traits = (path: string): OperationTraits =>
      traitsOf({ ...catalog.index.operations[0]!, path, summary: "List them", operationId: "listThem" });
    expect(traits("/fine_tuning/jobs/{id}/events").resourceStem).toBe(stemOf("events"));
    expect(traits("/Reports/{Sid}.json").resourceStem).toBe(stemOf("reports"));
    expect(
      rankFactor(query, traits("/fine_tuning/jobs"), new Set(), new Set()) /
        rankFactor(query, traits("/fine_tuning/jobs/{id}/events"), new Set(), new Set()),
    ).toBeGreaterThan(1.15);
    // A headline's "your organization's" is the caller's own, not an organization's variant.
    const yours = traitsOf({ ...catalog.index.operations[0]!, summary: "List your organization's jobs" });
    expect(yours.scopes.size).toBe(0);
  });

  it("names an operation by the first sentence of a summary that runs to several", () => {
    const long = {
      ...catalog.index.operations[0]!,
      summary: "Upload a file. Each project can store up to 2 TB, at 1,000 requests per minute.",
      description: "Files are kept.",
    };
    expect(headlineOf(long)).toBe("Upload a file.");
    expect(detailsOf(long)).toBe("Each project can store up to 2 TB, at 1,000 requests per minute.\nFiles are kept.");
    expect(traitsOf(long).headlineStems).toEqual([stemOf("upload"), stemOf("file")]);
    expect(headlineOf({ ...long, summary: "", description: "Lists the files. Paged." })).toBe("Lists the files.");
  });

  it("weighs down an operation on one item when the query speaks of all of them (every, any, all)", () => {
    const query = analyzeQuery("every comment on any ticket in a project");
    expect([...query.everyStems]).toEqual([stemOf("comment"), stemOf("ticket")]);
    const traits = (path: string): OperationTraits =>
      traitsOf({ ...catalog.index.operations[0]!, path, summary: "List them", operationId: "listThem" });
    // The comments of one ticket are not every comment on any ticket.
    expect(
      rankFactor(query, traits("/projects/{id}/tickets/{number}/comments"), new Set(), new Set()) /
        rankFactor(query, traits("/projects/{id}/comments"), new Set(), new Set()),
    ).toBeLessThan(0.8);
  });

  it('reads "when was…" and "where can…" as a read, and a possessive\'s "s" as no word', () => {
    const when = analyzeQuery("when was the project last updated?");
    expect([...when.actions].sort()).toEqual(["get", "list"]);
    expect(when.terms).not.toContain("when");
    expect([...analyzeQuery("where can I download the archive of a project").actions].sort()).toEqual(["get", "list"]);
    expect(analyzeQuery("update our org's project").terms).not.toContain("s");
    for (const word of ["also", "just", "exactly", "whatever"])
      expect(analyzeQuery(`${word} archive a project`).terms).not.toContain(stemOf(word));
  });

  it("reads an adverb as the adjective the document writes (publicly: public)", () => {
    const documentStems = new Set([stemOf("public"), stemOf("project")]);
    expect(analyzeQuery("is the project publicly listed", documentStems).terms).toContain(stemOf("public"));
    expect(analyzeQuery("is the project publicly listed").terms).not.toContain(stemOf("public"));
  });

  it('reads "the list of", "make X contain", "strip X off", "switch", "swap" and "set up" as the action they are', () => {
    expect([...analyzeQuery("replace the list of labels of a project").actions]).toEqual(["update"]);
    expect([...analyzeQuery("make the project contain tickets 1 and 2").actions]).toContain("update");
    expect([...analyzeQuery("strip every label off a project").actions]).toContain("delete");
    expect([...analyzeQuery("pull the owner label off a project").actions]).toEqual(["delete"]);
    expect([...analyzeQuery("switch a project to a bigger plan").actions]).toEqual(["update"]);
    expect([...analyzeQuery("swap the project owner").actions]).toEqual(["update"]);
    expect([...analyzeQuery("set up a spending alert").actions]).toEqual(["create"]);
    expect(first("set up a spending alert")).toBe("createAlert");
    expect(analyzeQuery("list the alerts set up for a project").terms).not.toContain(stemOf("setup"));
    expect(queryWordOf("reject")?.also).toContain("decline");
  });

  it("reads a URL as a value, a plural of capitals as one word, and deploy as deployment's stem", () => {
    const url = analyzeQuery("send a project's events to https://ci.example.com/hook");
    expect(url.terms).not.toContain(stemOf("example"));
    expect(url.terms).not.toContain(stemOf("hook"));
    expect(analyzeQuery("list the open PRs").terms).toContain(stemOf("pull"));
    expect(stemOf("deploy")).toBe(stemOf("deployment"));
    expect(stemOf("employ")).toBe(stemOf("employment"));
  });

  it('reads "how long are X kept", "keep X for 30 days", "apply X to", "only allow" and "limit how many"', () => {
    const kept = analyzeQuery("how long are the builds of a project kept?");
    expect([...kept.actions].sort()).toEqual(["get", "list"]);
    expect(kept.terms).toContain(stemOf("retention"));
    expect(analyzeQuery("keep the logs for only 30 days").terms).toContain(stemOf("retention"));
    expect(analyzeQuery("keep the logs for only 30 days").terms).not.toContain(stemOf("only"));
    expect(analyzeQuery("apply the configuration to a bunch of projects").terms).toEqual(
      expect.arrayContaining([stemOf("attach"), stemOf("bulk")]),
    );
    expect(analyzeQuery("apply the configuration", new Set([stemOf("app")])).terms).not.toContain(stemOf("app"));
    // "set" is the person's word, not one the vocabulary adds at a low weight.
    const only = analyzeQuery("only allow two apps to push");
    expect(only.weights[only.terms.indexOf(stemOf("set"))]).toBe(1);
    expect(analyzeQuery("limit how many tickets a project holds").terms).not.toContain(stemOf("count"));
    const share = analyzeQuery("stop sharing a project", new Set([stemOf("share"), stemOf("project")]));
    expect(share.terms).toContain(stemOf("share"));
    expect([...share.actions]).toEqual(["delete"]);
  });

  it('reads "every X" as all of them, "clear X off", "control which", revisions, "by its SHA" and "generate a fix"', () => {
    const clear = analyzeQuery("clear every label off a ticket");
    expect(clear.terms).toEqual(expect.arrayContaining([stemOf("all"), stemOf("remove")]));
    expect(clear.terms).not.toContain(stemOf("off"));
    expect([...analyzeQuery("control which projects may use it").actions]).toContain("update");
    expect(analyzeQuery("revision history of a project").terms).toContain(stemOf("commit"));
    expect([...analyzeQuery("open a build by its SHA").actions]).toContain("get");
    expect(analyzeQuery("generate a fix for a project").terms).toContain(stemOf("autofix"));
    // "stop sharing" undoes a verb the vocabulary knows, though this document does not use it; "unread" is a state.
    const unshare = analyzeQuery("stop sharing a project", new Set([stemOf("project")]));
    expect([...unshare.actions]).toEqual(["delete"]);
    expect([...analyzeQuery("show my unread tickets", new Set([stemOf("ticket")])).actions]).not.toContain("delete");
  });

  it('reads "my stopped project" as a state, "boot up" as a start, a member of as a membership, and "choose which"', () => {
    // Stop is a verb of this document; "my stopped project" says which project, not what to do with it.
    expect(first("start my stopped project")).toBe("startProject");
    const stopped = analyzeQuery("start my stopped project", new Set(), new Set([stemOf("stop"), stemOf("start")]));
    expect(stopped.weights[stopped.terms.indexOf(stemOf("stopped"))]).toBeLessThan(0.5);
    // In a read, the state says which ones.
    const listed = analyzeQuery("list the stopped projects", new Set(), new Set([stemOf("stop")]));
    expect(listed.weights[listed.terms.indexOf(stemOf("stopped"))]).toBe(1);
    expect(first("boot up the project")).toBe("startProject");
    expect(first("power on the project")).toBe("startProject");
    expect(analyzeQuery("boot up the project").terms).not.toContain(stemOf("up"));
    const member = analyzeQuery("which groups am I a member of", new Set([stemOf("membership"), stemOf("member")]));
    expect(member.terms).toContain(stemOf("membership"));
    expect(analyzeQuery("which groups am I a member of", new Set([stemOf("member")])).terms).not.toContain(
      stemOf("membership"),
    );
    const choose = analyzeQuery("choose which projects may use the runner");
    expect([...choose.actions]).toContain("update");
    expect(choose.terms).toContain(stemOf("set"));
  });

  it("reads a sha256: value as a digest, a VM as a machine, and an editor or viewer as a collaborator with a role", () => {
    expect(analyzeQuery("delete the attestations for sha256:ab12cd").terms).toContain(stemOf("digest"));
    expect(analyzeQuery("what VM sizes can I pick").terms).toContain(stemOf("machine"));
    const editor = analyzeQuery("make user sam an editor on project 3");
    expect(editor.terms).toEqual(expect.arrayContaining([stemOf("collaborator"), stemOf("role")]));
    // "make X an editor" sets a role; it creates nothing.
    expect(editor.terms).toContain(stemOf("set"));
    expect(editor.terms).not.toContain(stemOf("create"));
  });

  it("prefers the operation that takes the ID the person gives, whatever its scope (the group with ID 12)", () => {
    expect(first("remove alice from the group with ID 12")).toBe("removeGroupMemberLegacy");
    expect(first("remove alice from group id 12")).toBe("removeGroupMemberLegacy");
    expect(first("remove alice from the group")).toBe("removeGroupMember");
    expect([...analyzeQuery("the numeric group ID 12").idStems]).toEqual([stemOf("group")]);
    expect([...analyzeQuery("the group with the ID 12").idStems]).toEqual([stemOf("group")]);
    expect([...analyzeQuery("the group 12").idStems]).toEqual([]);
    const traits = (path: string): OperationTraits => traitsOf({ ...catalog.index.operations[0]!, path });
    for (const path of ["/groups/{group_id}/members", "/groups/{groupId}/members", "/groups/{group-id}/members"])
      expect([...traits(path).idStems]).toEqual([stemOf("group")]);
    expect([...traits("/orgs/{org}/groups/{group_slug}").idStems]).toEqual([]);
    // The operation that takes the group's ID wins over its organization's variant, though it is a legacy one.
    const query = analyzeQuery("remove alice from the group with ID 12");
    const legacy = traitsWith({ scopes: new Set(["legacy"]), idStems: new Set([stemOf("group")]) });
    const inOrg = traitsWith({ scopes: new Set(["organization"]) });
    expect(
      rankFactor(query, legacy, new Set(), new Set()) / rankFactor(query, inOrg, new Set(), new Set()),
    ).toBeGreaterThan(1.5);
  });

  it('prefers the operation that takes a repository by owner and name when the query names one ("acme/web")', () => {
    const traits = (path: string): OperationTraits => traitsOf({ ...catalog.index.operations[0]!, path });
    const byName = traits("/repos/{owner}/{repo}/secrets/{secret_name}");
    const other = traits("/user/secrets/{secret_name}");
    const factor = (query: string, operation: OperationTraits): number =>
      rankFactor(analyzeQuery(query), operation, new Set(), new Set());
    for (const query of ["add a secret to acme/web", "add a secret (octo/api.) now", "is acme/web-app's secret set?"])
      expect(factor(query, byName) / factor(query, other)).toBeGreaterThan(1.2);
    // A URL's path, a pattern and a lone word are no repository.
    for (const query of ["add a secret for https://example.com/a/b", "add a secret for our-org/*", "add a secret"])
      expect(factor(query, byName)).toBeCloseTo(factor("add a secret", byName));
  });

  it("prefers the operation that acts on many at once when the query asks for many at once", () => {
    expect(first("create several projects at once")).toBe("bulkCreateProjects");
    expect(first("create a project")).toBe("createProject");
    const bulk = traitsWith({ bulk: true });
    const one = traitsWith({});
    const factor = (query: string, operation: OperationTraits): number =>
      rankFactor(analyzeQuery(query), operation, new Set(), new Set());
    expect(
      factor("bulk delete the tickets 3 and 4", bulk) / factor("bulk delete the tickets 3 and 4", one),
    ).toBeGreaterThan(1.2);
    expect(factor("delete the tickets 3 and 4", bulk)).toBeCloseTo(factor("delete the tickets 3 and 4", one));
    expect(
      traitsOf({ ...catalog.index.operations[0]!, operationId: "bulkCreateProjects" }, "bulk create projects").bulk,
    ).toBe(true);
  });

  it('reads what a clause says the thing does as no request ("a rule that applies to all projects"), and "require"', () => {
    expect([...analyzeQuery("create a rule for our org that applies to all projects").actions]).toEqual(["create"]);
    expect([...analyzeQuery("edit the hook so it also fires on pushes and make sure").actions]).toEqual(["update"]);
    // "that" after a verb is no clause: "remove that label".
    expect([...analyzeQuery("then remove that label and list the rest").actions]).toContain("list");
    expect(analyzeQuery("require two reviews on the main branch").terms).toContain(stemOf("protection"));
  });

  it('reads deploy, customize, ban, "pull up", "store a secret", "temporarily cut off" and suspend as their actions', () => {
    expect([...analyzeQuery("deploy the site").actions]).toEqual(["create"]);
    expect([...analyzeQuery("customize the claim").actions]).toEqual(["update"]);
    expect(analyzeQuery("ban the user from our org").terms).toContain(stemOf("block"));
    expect([...analyzeQuery("pull up the project with ID 88").actions].sort()).toEqual(["get", "list"]);
    expect([...analyzeQuery("store an encrypted secret in the project").actions].sort()).toEqual(["create", "update"]);
    expect([...analyzeQuery("list the files of my vector store").actions]).toEqual(["list"]);
    expect(analyzeQuery("temporarily cut off the installation").terms).toEqual(
      expect.arrayContaining([stemOf("pause"), stemOf("suspend")]),
    );
  });

  it('reads "set up for", "the pending invite", "tell me about", "off the list" and a negation as what they are', () => {
    const setUp = analyzeQuery("show the alerts set up for a project");
    expect(setUp.terms).not.toEqual(expect.arrayContaining([stemOf("set")]));
    expect([...setUp.actions]).not.toContain("update");
    const invite = analyzeQuery("cancel the pending collaborator invite 55");
    expect(invite.terms).toContain(stemOf("invitation"));
    expect([...invite.actions]).not.toContain("create");
    expect([...analyzeQuery("invite alice to the project").actions]).toContain("create");
    expect([...analyzeQuery("tell me about the project").actions].sort()).toEqual(["get", "list"]);
    expect([...analyzeQuery("take it off the list").actions]).toEqual(["delete"]);
    const negation = analyzeQuery("it shouldn't be public");
    for (const word of ["shouldn", "t", "not"]) expect(negation.terms).not.toContain(stemOf(word));
  });

  it("reads dismiss as an update, extra as an addition, versions as revisions, children as subs, and undoing a state", () => {
    expect([...analyzeQuery("dismiss the alert").actions]).toEqual(["update"]);
    expect(analyzeQuery("tag the runner with extra labels").terms).toContain(stemOf("add"));
    expect(analyzeQuery("an older version of the project").terms).toContain(stemOf("revision"));
    expect(analyzeQuery("make ticket 57 a child of ticket 12").terms).toContain(stemOf("sub"));
    expect(analyzeQuery("list the sub teams").terms).toContain(stemOf("child"));
    // "reactivate the suspended project": the document may name its undoing "Unsuspend".
    const leadStems = new Set([stemOf("suspend")]);
    expect(analyzeQuery("reactivate the suspended project", new Set(), leadStems).terms).toContain(stemOf("unsuspend"));
    expect(analyzeQuery("rename the suspended project", new Set(), leadStems).terms).not.toContain(stemOf("unsuspend"));
    // "unwatch" undoes a watch, which the document names a subscription.
    expect(analyzeQuery("unwatch the project", new Set([stemOf("watch")])).terms).toContain(stemOf("subscription"));
  });

  it('reads "kick off", "move X into", "is set", a date, "keep X for 7 days", exempt and watching as what they are', () => {
    expect([...analyzeQuery("kick off a build of the project").actions]).toEqual(["create"]);
    expect([...analyzeQuery("kick off a build of the project").actions]).not.toContain("delete");
    const move = analyzeQuery("move runner 88 into group 5");
    expect([...move.actions]).toContain("create");
    expect(move.terms).toContain(stemOf("add"));
    const isSet = analyzeQuery("can other projects use it? what access level is set?");
    expect(isSet.terms).not.toContain(stemOf("set"));
    expect([...isSet.actions]).not.toContain("update");
    expect(analyzeQuery("the usage report for March 3rd").terms).toContain(stemOf("day"));
    expect(analyzeQuery("the usage report for 2026-03-03").terms).toContain(stemOf("day"));
    expect(analyzeQuery("how much usage yesterday").terms).toEqual(
      expect.arrayContaining([stemOf("yesterday"), stemOf("day")]),
    );
    const keep = analyzeQuery("keep the caches for only 7 days");
    expect([...keep.actions]).toContain("update");
    expect(keep.terms).toContain(stemOf("retention"));
    expect([...analyzeQuery("take a file out of a store but keep the file").actions]).not.toContain("update");
    expect(analyzeQuery("who is exempt from the limit").terms).toContain(stemOf("bypass"));
    expect(analyzeQuery("am I watching the project").terms).toContain(stemOf("subscription"));
    expect([...analyzeQuery("export my projects so I can migrate and delete them").actions]).not.toContain("delete");
  });

  it('reads "turn off all X", "stop letting", "search X for", a file attached to, "and its forks" and undelete', () => {
    // "all" after a verb that changes things counts them: no listing; turning off may be a removal.
    const turnOff = analyzeQuery("turn off all protection on the project");
    expect([...turnOff.actions]).not.toContain("list");
    expect(turnOff.terms).toEqual(expect.arrayContaining([stemOf("all"), stemOf("delete")]));
    expect([...analyzeQuery("delete every ticket of a project").actions]).toEqual(["delete"]);
    expect([...analyzeQuery("all the tickets of a project").actions]).toContain("list");
    expect(first("turn off all settings of a project")).not.toBe("getProjectSettings");
    const stopLetting = analyzeQuery("stop letting the group see the project");
    expect([...stopLetting.actions]).toContain("delete");
    expect(stopLetting.terms).toContain(stemOf("access"));
    // Searching a collection for something lists it: the listing weighs as much as a search operation.
    expect(first("search the spending alerts for ones over 100 dollars")).toBe("listAlerts");
    const search = analyzeQuery("search the advisory database for npm vulnerabilities");
    const factorFor = (action: OperationTraits["action"]): number =>
      rankFactor(search, traitsWith({ action, method: "GET" }), new Set(), new Set());
    expect(factorFor("list")).toBeGreaterThanOrEqual(factorFor("search"));
    expect(analyzeQuery("rename a file attached to the release").terms).toEqual(
      expect.arrayContaining([stemOf("asset"), stemOf("attachment")]),
    );
    expect(analyzeQuery("events of octo/api and all of its forks").terms).toContain(stemOf("network"));
    expect(first("undelete the project our team deleted")).toBe("restoreProject");
    expect([...analyzeQuery("undelete the project", new Set([stemOf("delete")])).actions]).not.toContain("delete");
  });

  it('reads "whose ID is", a numeric ID, what the person does not mean or have, and a question\'s "is" as a weak check', () => {
    expect([...analyzeQuery("get the group whose ID is 12").idStems]).toEqual([stemOf("group")]);
    expect(analyzeQuery("get the group whose ID is 12").terms).not.toContain("whose");
    expect([...analyzeQuery("I only have the numeric group ID").idStems]).toEqual([stemOf("group")]);
    expect([...analyzeQuery("show the group ID field").idStems]).toEqual([]);
    // What the person says they do not mean, or do not have, is no part of the search; a verb after "not" stays.
    const notMeant = analyzeQuery("list the tickets, not the comments");
    expect(notMeant.terms).toContain(stemOf("ticket"));
    expect(notMeant.terms).not.toContain(stemOf("comment"));
    const lacking = analyzeQuery("get the group, I don't know its name or which project it is in");
    for (const word of ["know", "name", "project"]) expect(lacking.terms).not.toContain(stemOf(word));
    expect(analyzeQuery("the upload won't cancel, force it").terms).toContain(stemOf("cancel"));
    // "is…", "does…": a read, with "check" a weak word (an API may have a Checks API).
    const question = analyzeQuery("is the project followed by me");
    expect([...question.actions]).toEqual(["get"]);
    expect(question.weights[question.terms.indexOf(stemOf("check"))]).toBeLessThan(0.5);
    expect(question.terms).not.toContain(stemOf("whether"));
    expect(first("is the project followed by me")).toBe("checkProjectFollowed");
  });

  it('reads "most visited", a latest commit, hide, "asked to", "waiting for approval", and turning on and off at once', () => {
    expect(analyzeQuery("the most visited pages of the project").terms).toContain(stemOf("top"));
    expect(analyzeQuery("the most popular licenses").terms).toEqual(
      expect.arrayContaining([stemOf("top"), stemOf("common")]),
    );
    expect(analyzeQuery("which branches have this as their latest commit").terms).toContain(stemOf("head"));
    expect(analyzeQuery("hide my membership from my profile").terms).toEqual(
      expect.arrayContaining([stemOf("remove"), stemOf("private")]),
    );
    expect(analyzeQuery("I don't want people to see that I'm in the project").terms).toContain(stemOf("hide"));
    expect(analyzeQuery("who asked to join the project").terms).toContain(stemOf("request"));
    expect(analyzeQuery("tickets still waiting for approval").terms).toEqual(
      expect.arrayContaining([stemOf("pending"), stemOf("request")]),
    );
    // Putting one thing on and taking another off is one change of a setting.
    const both = analyzeQuery("add group 3 to the project and remove group 4");
    expect([...both.actions]).toEqual(["update"]);
    expect(both.terms).toContain(stemOf("update"));
    expect(first("enable the limits of project 3 for tickets and disable them for comments")).toBe(
      "updateProjectLimits",
    );
    expect([...analyzeQuery("add group 3 to the project").actions]).not.toContain("update");
  });

  it("reads a hyphenated name after in or for as an organization's, unless the document's words or a thing's noun", () => {
    const named = (query: string): boolean =>
      analyzeQuery(query, new Set([stemOf("read"), stemOf("only")])).scopes.has("organization");
    expect(named("set the repos that can use the secret in acme-corp")).toBe(true);
    expect(named("for Acme-Corp, list the projects")).toBe(true);
    expect(named("list the projects in acme-corp/web")).toBe(false);
    expect(named("create a ticket in web-app project")).toBe(false);
    expect(named("open the project in read-only mode")).toBe(false);
    expect(named("a transcription for gpt-4o")).toBe(false);
    // The organization's variant is no longer weighed down.
    expect(first("create a project for acme-corp")).toBe("createOrgProject");
  });

  it('reads "the ID of a group", "I only know its ID", and a negation that ends where the next thing begins', () => {
    expect([...analyzeQuery("I only have the numeric ID of a group (12)").idStems]).toEqual([stemOf("group")]);
    expect([...analyzeQuery("delete group 98765, I only know its ID").idStems]).toEqual([stemOf("group")]);
    expect([...analyzeQuery("is sam in group 4821? I only have the group's ID").idStems]).toEqual([stemOf("group")]);
    expect([...analyzeQuery("delete group 98765 and its ID card").idStems]).toEqual([]);
    const next = analyzeQuery("I only have the ID of a group, not its project name. Which tickets does it have?");
    expect(next.terms).toContain(stemOf("ticket"));
    expect(next.terms).not.toContain(stemOf("project"));
  });

  it('reads "over 100MB", "run into", re-run, "save a secret", fake data, "make X available", autolinks, tokens, mute', () => {
    const large = analyzeQuery("which files over 100MB did the import run into");
    expect(large.terms).toEqual(expect.arrayContaining([stemOf("large"), stemOf("hit")]));
    expect(large.terms).not.toContain(stemOf("run"));
    expect(analyzeQuery("re-run the build").terms).toEqual(
      expect.arrayContaining([stemOf("rerun"), stemOf("rerequest")]),
    );
    expect(analyzeQuery("save a secret for my projects").terms).toContain(stemOf("put"));
    expect(analyzeQuery("my saved projects").terms).not.toContain(stemOf("put"));
    expect(analyzeQuery("the fake test data of the billing").terms).toContain(stemOf("stubbed"));
    const available = analyzeQuery("make the project available only to selected members");
    expect(available.terms).toEqual(expect.arrayContaining([stemOf("set"), stemOf("access")]));
    expect(available.terms).not.toContain(stemOf("make"));
    expect(analyzeQuery("remove ticket 12, we stopped using that tracker").terms).not.toContain(stemOf("using"));
    expect(analyzeQuery("make mentions like TICKET-1 turn into links").terms).toContain(stemOf("autolink"));
    expect(analyzeQuery("remove the auto-link 12").terms).toContain(stemOf("autolink"));
    // A token to unregister a runner with is to be made, a removal token: the runner is not removed.
    const removal = analyzeQuery("I need a token so I can unregister a runner");
    expect([...removal.actions]).toEqual(["create"]);
    expect(removal.terms).toEqual(expect.arrayContaining([stemOf("removal"), stemOf("token")]));
    expect(analyzeQuery("a token to register a runner").terms).toContain(stemOf("registration"));
    expect(first("reply to a ticket")).toBe("createTicketComment");
    const mute = analyzeQuery("mute the ticket for me");
    expect([...mute.actions]).toEqual(["update"]);
    expect(mute.terms).toEqual(expect.arrayContaining([stemOf("ignore"), stemOf("subscription")]));
  });

  it('reads "make it red", "let X push", "put X on", "take X out of", "nested under", "are configured", define', () => {
    const red = analyzeQuery('rename the "bug" label to "defect" and make it red');
    expect([...red.actions]).toEqual(["update"]);
    expect(red.terms).not.toContain(stemOf("make"));
    const push = analyzeQuery('let the "release-bot" app push to the main branch');
    expect(push.terms).toEqual(expect.arrayContaining([stemOf("access"), stemOf("add")]));
    expect(analyzeQuery("only allow these apps to push").terms).not.toContain(stemOf("access"));
    const put = analyzeQuery('put user sam on the "platform" group');
    expect([...put.actions]).toEqual(["create"]);
    expect(put.terms).toContain(stemOf("add"));
    const out = analyzeQuery('take the "contractors" group out of the project');
    expect([...out.actions]).toEqual(["delete"]);
    expect(out.terms).not.toContain(stemOf("take"));
    expect(analyzeQuery('take the "security-manager" org role away from sam').terms).toContain(stemOf("remove"));
    expect(analyzeQuery("which ticket is it nested under?").terms).toContain(stemOf("parent"));
    expect(analyzeQuery("retrigger the build").terms).toContain(stemOf("rerequest"));
    // Configured things are there: the question lists them; a setting that is configured is still a configuration.
    expect(analyzeQuery("what webhooks are configured for the org?").terms).not.toContain(stemOf("configured"));
    expect(analyzeQuery("what settings are configured for webhook 42?").terms).toContain(stemOf("configured"));
    const define = analyzeQuery("define a property for the org");
    expect([...define.actions]).toEqual(["create", "update"]);
    expect(define.terms).toContain(stemOf("definition"));
    // A repository's name names no scope ("acme/legacy"), the same word elsewhere does.
    expect([...analyzeQuery("list the tickets of acme/legacy").scopes]).toEqual([]);
    expect([...analyzeQuery("list the legacy tickets").scopes]).toEqual(["legacy"]);
  });

  it('reads "no more comments", "the old X route", an Actions run, "the most commits", a .tar.gz, an export, asst_', () => {
    expect(analyzeQuery("stop any more comments on ticket 42").terms).toEqual([
      stemOf("lock"),
      stemOf("ticket"),
      "42",
      stemOf("issue"),
    ]);
    expect(analyzeQuery("let people comment again on ticket 42").terms).toContain(stemOf("unlock"));
    expect([...analyzeQuery("freeze the ticket").actions]).toEqual(["update"]);
    const old = analyzeQuery("remove a group member, the old group_id route");
    expect([...old.scopes]).toEqual(["legacy"]);
    expect(old.terms).not.toContain(stemOf("route"));
    expect(first("remove a group member, the old group_id route")).toBe("removeGroupMemberLegacy");
    expect(first("remove a group member")).toBe("removeGroupMember");
    expect(analyzeQuery("cancel the Actions run 88").terms).toEqual(
      expect.arrayContaining([stemOf("workflow"), stemOf("run")]),
    );
    expect(analyzeQuery("who made the most commits to acme/web?").terms).toEqual(
      expect.arrayContaining([stemOf("top"), stemOf("contributors")]),
    );
    expect(analyzeQuery("grab a .tar.gz of the project").terms).toContain(stemOf("tarball"));
    expect(analyzeQuery("is our export 79 finished?").terms).toContain(stemOf("migration"));
    expect(analyzeQuery("get asst_abc123").terms).toContain(stemOf("assistant"));
    const shown = analyzeQuery("make my membership in the rust-lang org show publicly on my profile");
    expect(shown.terms).toEqual(expect.arrayContaining([stemOf("set"), stemOf("public")]));
    expect(shown.terms).not.toContain(stemOf("make"));
  });

  it('reads "remove my follow" as the un-verb, "tag X with", visitors and subaccounts', () => {
    // The document undoes a follow by a verb of its own: a removal of one finds it.
    const unfollow = new Set([stemOf("unfollow")]);
    expect(analyzeQuery("remove my follow from project 7", unfollow).terms).toContain(stemOf("unfollow"));
    expect(first("remove my follow from project 7")).toBe("unfollowProject");
    expect(analyzeQuery("show my follow of project 7", unfollow).terms).not.toContain(stemOf("unfollow"));
    const tagged = analyzeQuery("tag ticket 42 with bug");
    expect([...tagged.actions]).toEqual(["create"]);
    expect(tagged.terms).toEqual(expect.arrayContaining([stemOf("add"), stemOf("label")]));
    expect(analyzeQuery("tag the commit with v1.2.0").terms).not.toContain(stemOf("add"));
    expect(analyzeQuery("how many visitors did the project get").terms).toContain(stemOf("view"));
    expect(analyzeQuery("list my subaccounts").terms).toContain(stemOf("account"));
  });

  it("reads have, has and had as the function words they are", () => {
    expect(analyzeQuery("what projects does our organization have?").terms).not.toContain(stemOf("have"));
    expect(first("groups that have access to a project")).toBe("listProjectGroups");
  });

  it("reads exist, exists and existing as the function words they are", () => {
    expect(analyzeQuery("which labels exist in a project?").terms).not.toContain(stemOf("exist"));
    expect(first("which labels exist in a project?")).toBe("listProjectLabels");
  });

  it("reads members as users too, and a maximum as a limit", () => {
    expect(queryWordOf("members")?.also).toContain("user");
    expect(queryWordOf("maximum")?.also).toContain("limit");
  });

  it("knows a plural by its singular's entry", () => {
    expect(queryWordOf("photos")?.also).toEqual(queryWordOf("photo")?.also);
    expect(queryWordOf("photos")?.also).toContain("media");
    expect(queryWordOf("address")).toBeUndefined();
  });

  it("weighs the verbs the vocabulary adds little in the text match: an API's nouns may be the same words", () => {
    // "show" adds get and list; "Get all credential lists" has both, and is no answer.
    expect(first("show me the texts I sent")).toBe("listMessages");
    const query = analyzeQuery("show me my texts", new Set([stemOf("get"), stemOf("list"), stemOf("message")]));
    const weightOf = (word: string): number | undefined => query.weights[query.terms.indexOf(stemOf(word))];
    expect(weightOf("get")).toBeLessThan(0.3);
    expect(weightOf("list")).toBeLessThan(0.3);
    expect(weightOf("message")).toBeGreaterThan(0.8);
  });

  it("prefers the caller's own operations when the person says my", () => {
    expect(first("list my projects")).toBe("listProjectsForAuthenticatedUser");
  });

  it("still finds an operationId first, and misspelt words", () => {
    expect(first("createOrgProject")).toBe("createOrgProject");
    expect(first("delete a projcet")).toBe("deleteProject");
  });
});
