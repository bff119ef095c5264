/** Where the room finder's screens are (the shell sends every /roomfinder path to this remote). */
export const ROOM_FINDER_PATH = '/roomfinder';
export const MY_ROOM_REQUESTS_PATH = '/roomfinder/myroomrequest';
/** "Rooms I asked about": a signed-in student's own interests and where each stands. */
export const ROOMS_I_ASKED_ABOUT_PATH = '/roomfinder/asked';
export const CREATE_FLAT_PATH = '/profile/createflatrequest';
