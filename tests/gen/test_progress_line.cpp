// The progress line's ETA (gen/progress_line.h) on a fake clock, against the
// true time left of a run shaped like nmm's: small units first that are
// slow for their size (fixed costs, flying stones), then large ones that
// run at the rate of the rest of the run, each large one reporting its init
// pass and then nothing through its layers.  The ETA must stay within a
// factor 1.5 of the truth from the first units on, and count down while a
// unit reports nothing; every percentage on a line says what it is of.
#include "tests/catch.hpp"

#include <cctype>
#include <cstdio>
#include <string>

#include "gen/progress_line.h"

using namespace mtb;

namespace {

// "ETA 1m05s" -> 65, "ETA 2h05m" -> 7500; "ETA -" -> -1.  Read by hand,
// not by std::regex, whose libstdc++ 12 code warns under the sanitizers'
// builds (-Wmaybe-uninitialized).
double eta_seconds(const std::string& eta) {
    if (eta == "ETA -") return -1;
    double seconds = 0;
    std::string units;  // the units read, in order: "hm", "ms", "hms", "s", ...
    std::size_t at = 4;
    bool ok = eta.compare(0, 4, "ETA ") == 0 && at < eta.size();
    while (ok && at < eta.size()) {
        std::size_t digits = 0;
        while (at + digits < eta.size() && std::isdigit(static_cast<unsigned char>(eta[at + digits]))) ++digits;
        ok = digits > 0 && at + digits < eta.size();
        if (!ok) break;
        const double n = std::stod(eta.substr(at, digits));
        const char unit = eta[at + digits];
        seconds += unit == 'h' ? 3600 * n : unit == 'm' ? 60 * n : n;
        units += unit;
        at += digits + 1;
    }
    if (ok && (units == "hm" || units == "hms" || units == "ms" || units == "hs" || units == "s")) return seconds;
    FAIL("not an ETA: " << eta);
    return -1;
}

std::string text_of(std::FILE* f) {
    std::fflush(f);
    std::rewind(f);
    std::string s;
    for (int c; (c = std::fgetc(f)) != EOF;) s += char(c);
    return s;
}

}  // namespace

TEST_CASE("the ETA is near the truth from the first units on and counts down through a silent unit",
          "[gen][progress]") {
    // Work 1000 on one thread.  The rest of the run (after the small units)
    // goes at 10 per second.
    std::FILE* out = std::tmpfile();
    double t = 0;
    ProgressLine line(out, false, 1000, 10, 1, [&] { return t; });
    auto near_truth = [&](double truth) {
        const double eta = eta_seconds(line.eta());
        INFO("at " << t << " s: ETA " << eta << " s, truth " << truth << " s");
        CHECK(eta >= truth / 1.5);
        CHECK(eta <= truth * 1.5);
        return eta;
    };
    CHECK(line.eta() == "ETA -");
    // A: 10 in 5 s; B: 5 in 10 s (a slow small unit); C: 60 in 6 s.
    t = 5;
    line.finished("A", 10, {10, 5, 1});
    t = 15;
    line.finished("B", 15, {5, 10, 1});
    t = 21;
    line.finished("C", 75, {60, 6, 1});
    near_truth(925 / 10.0);
    // D: 500 in 50 s; its init pass (the first half of its work) reports
    // every 5 s until t = 46, then nothing until it ends at t = 71.
    for (t = 26; t <= 46; t += 5) line.update("D: init", 75 + 250 * (t - 21) / 25);
    double last = near_truth(71 - t + 42.5);
    for (t = 56; t <= 66; t += 10) {
        line.tick();
        const double eta = near_truth(71 - t + 42.5);
        CHECK(eta < last);
        last = eta;
    }
    t = 71;
    line.finished("D", 575, {500, 50, 1});
    near_truth(42.5);
    const std::string text = text_of(out);
    INFO(text);
    // The lines printed by tick() inside D, with the run's share said as such.
    CHECK(text.find("D: init: 325/1000 positions (32% of the run), 56s so far, ETA") != std::string::npos);
    std::size_t percents = 0;
    for (std::size_t at = text.find('%'); at != std::string::npos; at = text.find('%', at + 1), ++percents)
        CHECK(text.compare(at, 12, "% of the run") == 0);
    CHECK(percents >= 2);
    std::fclose(out);
}

TEST_CASE("before any unit is finished the ETA is the run's own rate so far", "[gen][progress]") {
    std::FILE* out = std::tmpfile();
    double t = 0;
    ProgressLine line(out, false, 1000, 10, 4, [&] { return t; });
    t = 10;
    CHECK(line.eta() == "ETA -");
    line.update("one big unit: init", 100);
    CHECK(eta_seconds(line.eta()) == 90);
    t = 20;  // nothing new for 10 s: counted down
    CHECK(eta_seconds(line.eta()) == 80);
    line.update("one big unit: init", 1000);
    CHECK(line.eta() == "ETA 0s");
    std::fclose(out);
}
