import { describe, expect, it } from "vitest";
import { escapeTerminalControls } from "./escape-terminal-controls";

describe("escapeTerminalControls", () => {
  it.each([
    {
      why: "OSC 52 clipboard write",
      text: "\u001b]52;c;ZWNobyBwd25lZA==\u0007",
      expected: "\\x1b]52;c;ZWNobyBwd25lZA==\\x07",
    },
    { why: "window title", text: "\u001b]0;owned\u0007", expected: "\\x1b]0;owned\\x07" },
    { why: "screen clear", text: "\u001b[2J\u001b[H", expected: "\\x1b[2J\\x1b[H" },
    { why: "a C1 CSI", text: "a\u009b2Jb", expected: "a\\x9b2Jb" },
    { why: "DEL and backspace", text: "x\u007f\u0008y", expected: "x\\x7f\\x08y" },
    { why: "a lone carriage return that would overwrite the line", text: "safe\rEVIL", expected: "safe\\x0dEVIL" },
    { why: "CRLF line ends stay", text: "a\r\nb", expected: "a\r\nb" },
    { why: "line feeds and tabs stay", text: "a\n\tb", expected: "a\n\tb" },
    { why: "printable text and non-ASCII letters stay", text: "Grüße – ✓", expected: "Grüße – ✓" },
  ])("$why", ({ text, expected }) => {
    expect(escapeTerminalControls(text)).toBe(expected);
  });
});
