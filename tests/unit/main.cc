/**
 * GoogleTest entry point of corot's unit tests: MPI is initialised first,
 * because assembly and solvers work on an MPI communicator even in serial.
 */
#include <deal.II/base/mpi.h>

#include <gtest/gtest.h>

int
main(int argc, char **argv)
{
  dealii::Utilities::MPI::MPI_InitFinalize mpi(argc, argv, 1);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
