/** Below this Mantine breakpoint the links move into the drawer behind the burger. */
export const navBreakpoint = 'lg';
