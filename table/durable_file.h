// Durable writes: what is renamed into place, or appended to a journal
// that a resumed run trusts, must be on the disk before it is trusted.
// After a power cut a file renamed before its data reached the disk can
// be empty or half-written under its final name, and a rename not yet in
// its folder's metadata can be lost (issue 28, item 10).  So: fsync the
// file before the rename, and its folder after.
#pragma once

#include <string>

namespace mtb {

// Creates a new temporary file beside `path` for writing, named
// "<path>.<pid>.<n>.tmp" and made with O_EXCL, so that two writers of one
// table (two runs into one folder, two threads) never write into the same
// file and rename each other's half-written work into place.  Sets `tmp`
// to its name; returns the open descriptor, or -1 with errno set.
int create_temp_beside(const std::string& path, std::string& tmp);
// Whether a file name is such a temporary table file ("X.mtb.<...>.tmp",
// or "X.mtb.tmp" as older versions named them).
bool is_temp_table_name(const std::string& name);

// fsync()s the open file `fd`; returns 0 or the errno.
int sync_file(int fd);
// fsync()s the folder holding `path` (its entries: a rename or a newly
// created file); returns 0 or the errno.
int sync_parent_folder(const std::string& path);

}  // namespace mtb
