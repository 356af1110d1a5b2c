/**
 * Where the announcement bell goes (spec §2 "Announcement bell popover"); the notifications feature
 * renders into this place. Until then it shows nothing.
 */
export function NoticeBellSlot() {
  return <span data-testid="header-notice-slot" className="header-notice-slot" />;
}
