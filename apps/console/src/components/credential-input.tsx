/** One credential field: a password input for secret fields (never filled from the server), text otherwise. */
export function CredentialInput({
  id,
  secret,
  value,
  error,
  placeholder,
  hintId,
  onValue,
}: {
  id: string;
  secret: boolean;
  value: string;
  error: string | undefined;
  placeholder?: string | undefined;
  hintId?: string | undefined;
  onValue: (value: string) => void;
}) {
  const describedBy = [hintId, error === undefined ? undefined : `${id}-error`].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: id,
    spellcheck: false,
    value,
    "aria-invalid": error === undefined ? undefined : true,
    "aria-describedby": describedBy,
    onInput: (event: { currentTarget: HTMLInputElement }) => onValue(event.currentTarget.value),
  } as const;
  return secret ? (
    <input {...common} type="password" autoComplete="new-password" />
  ) : (
    <input {...common} type="text" autoComplete="off" placeholder={placeholder} />
  );
}
