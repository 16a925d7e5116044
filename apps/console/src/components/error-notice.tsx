import { problemOf } from "../api/console-api";

/** A failure as the server reported it: its code and message (which says what to do). */
export function ErrorNotice({ error, title = "That did not work" }: { error: unknown; title?: string }) {
  if (error === undefined) return null;
  const { code, message } = problemOf(error);
  return (
    <div class="notice error" role="alert">
      <strong>{title}</strong> <code>{code}</code>
      <p>{message}</p>
    </div>
  );
}
