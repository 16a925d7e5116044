import { useTemporaryHome } from "./temporary-home";

/**
 * The `SRC_HOME` a store contract's `open(place)` opens a file store on: `"fresh"` is a new temp home (removed after
 * the test), `"same"` the home of the last fresh one, as a second process on that home would open it.
 */
export function useContractHomes(): (place: "fresh" | "same") => Promise<string> {
  const newHome = useTemporaryHome();
  let lastHome: string | undefined;
  return async (place) => {
    if (place === "fresh" || lastHome === undefined) lastHome = await newHome();
    return lastHome;
  };
}
