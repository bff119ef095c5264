// An async boundary: the federation runtime negotiates the shared singletons before any of them runs.
// Named, so the build can list its files for the first HTML's preload links (scripts/build-web.ts).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
