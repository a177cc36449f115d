// mtb gen and mtb verify over the processes of an MPI job (issue 35):
// `mpirun -np N mtb gen ...` or `mpirun -np N mtb verify DIR --values`.
//
// Rank 0 runs the pipeline (gen/pipeline.h) as one process would: it holds
// the output folder's lock, skips finished units, schedules (the
// UnitScheduler, each rank one of its slots, largest ready unit first to the
// first free rank), prints every line, the progress and the ETA, and keeps
// verify's journal.  It is itself one of the slots: a rank that only
// scheduled would leave one of two ranks idle on one machine, and
// scheduling costs it next to nothing.  Every other rank waits for an item,
// runs it with its own --threads OpenMP threads, writing into the shared
// folder with the same durable writes as one process, and sends rank 0 the
// item's report (gen: the unit's statistics; verify: the file's lines).
// When ranks share a node, the units running together keep the
// scheduler's memory rule (at most the largest unit's positions in all);
// with one rank per node each rank holds one unit and the rule is off.
//
// MPI is started only when mtb runs under a launcher, seen in its
// environment (mpi_launcher_variable): a plain `mtb gen` touches no MPI.
#pragma once

#include <memory>
#include <string>

#include "gen/pipeline.h"

namespace mtb::cli {

// The first of the variables an MPI launcher sets for each process that is
// set: OMPI_COMM_WORLD_SIZE (Open MPI's mpirun), PMIX_RANK (PMIx: Open MPI,
// srun --mpi=pmix), PMI_RANK or PMI_SIZE (PMI-1/2: MPICH's mpiexec,
// srun --mpi=pmi2); null when none is.
const char* mpi_launcher_variable();

class MpiJob : public PipelineDistributor {
public:
    // Null, the run this process alone: a job of one process.
    virtual PipelineDistributor* distributor() = 0;
};

// Joins the MPI job this process is one of, or returns null when it was not
// started by a launcher.  `error` is set when it was but MPI cannot be used
// (mtb built without MTB_MPI, or the library's thread support too low).
// `command` ("gen", "verify") names the messages.  The job ends (MPI
// finalised) when the object is destroyed.  A rank other than 0 ends its
// process inside run() (exit status 0: its errors are rank 0's to report)
// once rank 0 says the run is over.
std::unique_ptr<MpiJob> join_mpi_job(const std::string& command, std::string& error);

}  // namespace mtb::cli
