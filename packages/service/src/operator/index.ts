// `@src/service/operator`: the operator commands (`/source reload SLUG`, `/source list`, `/tools -v`, `/help`) over a source service.

export { type OperatorCommandResult, OPERATOR_COMMANDS, runOperatorCommand } from "./run-operator-command";
export { formatValidationOutcome } from "./format-validation-outcome";
export { describeRulesNamingNothing, describeUnloadedDocument } from "./describe-unloaded-document";
