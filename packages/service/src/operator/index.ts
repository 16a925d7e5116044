// `@src/service/operator`: the operator commands (`/source reload SLUG`, `/source list`, `/tools -v`, `/help`) over a source service.

export type { OperatorCommandResult } from "./run-operator-command";
export { OPERATOR_COMMANDS, runOperatorCommand } from "./run-operator-command";
export { formatValidationOutcome } from "./format-validation-outcome";
