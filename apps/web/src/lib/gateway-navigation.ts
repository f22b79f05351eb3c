/**
 * Leaving the app for a payment gateway's own page. One replaceable function, like the api client's
 * navigator: tests put a recorder in its place, since a test browser cannot leave the page.
 */
let leave: (url: string) => void = (url) => window.location.assign(url);

/** Sends the browser to a gateway's page (PayPal approval, a hosted card page). */
export function leaveForGateway(url: string): void {
  leave(url);
}

/** Replaces how the browser leaves; answers the function that puts the previous one back. */
export function setGatewayNavigator(navigator: (url: string) => void): () => void {
  const previous = leave;
  leave = navigator;
  return () => {
    leave = previous;
  };
}
