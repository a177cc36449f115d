// A fresh temporary folder per test, removed afterwards.
#pragma once

#include <filesystem>
#include <random>
#include <string>

namespace mtb::test {

struct TmpDir {
    std::filesystem::path path;
    TmpDir() {
        std::random_device rd;
        path =
            std::filesystem::temp_directory_path() / ("mtb-probe-test-" + std::to_string(rd()) + std::to_string(rd()));
        std::filesystem::create_directories(path);
    }
    ~TmpDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

}  // namespace mtb::test
