export { type SignedUpstream, startSignedUpstream } from "./signed-upstream";
