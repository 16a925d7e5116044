const lifetimes = [
  { value: "1d", label: "1 day" },
  { value: "30d", label: "30 days" },
  { value: "90d", label: "90 days" },
  { value: "never", label: "Never" },
] as const;

/** When a hosted agent's grant ends. */
export type Lifetime = (typeof lifetimes)[number]["value"];

/** The radio choices of when the grant ends. */
export function ConsentLifetimeField({
  lifetime,
  onChange,
}: {
  lifetime: Lifetime;
  onChange: (lifetime: Lifetime) => void;
}) {
  return (
    <fieldset>
      <legend>Access ends after</legend>
      <div class="choices">
        {lifetimes.map((option) => (
          <label class="choice" key={option.value}>
            <input
              type="radio"
              name="expires"
              value={option.value}
              checked={lifetime === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
