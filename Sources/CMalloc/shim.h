// CMalloc: glibc's allocator settings (<malloc.h>, which the Glibc module leaves out), seen
// by exactly one Swift target (EventSuggestCLI, which sets them once at start-up).
#ifndef EVENTSUGGEST_CMALLOC_SHIM_H
#define EVENTSUGGEST_CMALLOC_SHIM_H

#include <malloc.h>

#endif
