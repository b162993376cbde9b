// glibc's list of the program's loaded segments (dl_iterate_phdr), which Swift's Glibc module leaves out.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <link.h>
