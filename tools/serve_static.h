// The page's files (tools/web/), compiled into the binary by
// tools/embed_web.cmake: `mtb serve` reads no file but the tables, so no
// request path can reach the file system.
#pragma once

#include <span>
#include <string_view>

namespace mtb::cli {

struct StaticFile {
    std::string_view path;  // "/index.html"
    std::string_view content_type;
    std::string_view body;
};

std::span<const StaticFile> static_files();

// The file served at `path` ("/" is "/index.html"), or nullptr.
inline const StaticFile* find_static(std::string_view path) {
    if (path == "/") path = "/index.html";
    for (const StaticFile& f : static_files())
        if (f.path == path) return &f;
    return nullptr;
}

}  // namespace mtb::cli
