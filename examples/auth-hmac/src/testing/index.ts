export type { SignedUpstream } from "./signed-upstream";
export { startSignedUpstream } from "./signed-upstream";
