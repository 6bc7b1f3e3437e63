// The friends' page (the class in friends.mjs) as its parts see it: the host (friends-host.mjs),
// a guest (friends-guest.mjs) and the voice (friends-voice.mjs) are imported by friends.mjs and
// call back into the page; naming its type here, in a file the build does not ship, keeps their
// modules from referring back to the one that imports them (the build's hashed names need the
// modules' references to form no cycle). For the type check only.

export type FriendsPage = import("./friends.mjs").FriendsPage;
