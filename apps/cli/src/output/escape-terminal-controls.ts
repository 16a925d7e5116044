/**
 * C0 controls but tab and line feed, a carriage return not followed by a line
 * feed, DEL, and the C1 controls (U+0080–U+009F, where U+009B is a CSI on
 * many terminals).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const terminalControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

const escapeOne = (character: string): string => {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
};

/**
 * Text from an upstream made safe for a terminal: every control character
 * that could move the cursor, clear the screen, set the window title or write
 * the clipboard (ESC, OSC 52, CSI...) is shown escaped as `\xHH`, so people
 * see what the API sent and the terminal does not act on it. Line feeds and
 * tabs stay as they are.
 */
export function escapeTerminalControls(text: string): string {
  return text.replace(terminalControls, escapeOne);
}
