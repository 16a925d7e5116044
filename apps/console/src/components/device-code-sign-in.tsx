/** A device-code sign-in under way: the verification page and the code to enter there. */
export interface DeviceCodeStart {
  readonly authorizationUrl: string;
  readonly userCode?: string | undefined;
  readonly authorizationUrlComplete?: string | undefined;
}

/**
 * What a person does for a device-code sign-in (OAuth 2.0's device authorization grant): open the page on any device
 * and enter the code; the page with the code in it too, when the authorization server gives one.
 */
export function DeviceCodeSignIn({ started }: { started: DeviceCodeStart }) {
  return (
    <div aria-live="polite">
      <p>
        On any device, open{" "}
        <a href={started.authorizationUrl} target="_blank" rel="noopener noreferrer">
          {started.authorizationUrl}
        </a>{" "}
        and enter the code:
      </p>
      <p class="device-code">
        <output aria-label="Device code">{started.userCode}</output>
      </p>
      {started.authorizationUrlComplete === undefined ? null : (
        <p>
          Or open{" "}
          <a href={started.authorizationUrlComplete} target="_blank" rel="noopener noreferrer">
            the page with the code in it
          </a>
          .
        </p>
      )}
      <p aria-busy="true">Waiting for the sign-in…</p>
    </div>
  );
}
