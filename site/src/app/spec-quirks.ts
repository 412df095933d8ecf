/**
 * The product's original Home Get Started and solution cards test "signed in" the reversed way:
 * a signed-in visitor is asked to sign in, a signed-out one is let through. The rebuild keeps
 * those outcomes on purpose and flags them, so they live here, behind one switch. Set it to false
 * to get the intended check (signed-out visitors are asked to sign in). docs/decisions/ records this
 * decision.
 */
const REPRODUCE_REVERSED_SIGNED_IN_CHECK = true;

export function shouldAskToSignIn(signedIn: boolean): boolean {
  return REPRODUCE_REVERSED_SIGNED_IN_CHECK ? signedIn : !signedIn;
}
