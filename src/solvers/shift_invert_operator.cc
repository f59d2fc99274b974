#include <src/solvers/shift_invert_operator.h>

#include <Amesos.h>
#include <Amesos_Mumps.h>
#include <Epetra_MultiVector.h>

#include <stdexcept>
#include <string>

namespace corot::solvers
{
  ShiftInvertOperator::ShiftInvertOperator(const Epetra_CrsMatrix &shifted,
                                           const Epetra_CrsMatrix &mass)
    : mass_(mass)
    , problem_(std::make_unique<Epetra_LinearProblem>())
  {
    problem_->SetOperator(const_cast<Epetra_CrsMatrix *>(&shifted));
    // MUMPS (multifrontal, nested-dissection-like orderings) fills far less
    // than KLU on the 3D lattices and frames of structural models; KLU is the
    // fallback where Trilinos was built without it.
    Amesos      factory;
    const char *type = factory.Query("Amesos_Mumps") ? "Amesos_Mumps" : "Amesos_Klu";
    solver_.reset(factory.Create(type, *problem_));
    if (!solver_)
      throw std::runtime_error(std::string(type) + " is not available");
    if (solver_->SymbolicFactorization() != 0 || solver_->NumericFactorization() != 0)
      throw std::runtime_error("the factorization of K - sigma M failed (singular: a massless "
                               "mechanism, or the shift is an eigenvalue)");
    description_ = type == std::string("Amesos_Klu") ? "KLU" : "MUMPS";
    if (auto *mumps = dynamic_cast<Amesos_Mumps *>(solver_.get()))
      {
        // INFOG(7): the ordering the analysis phase used (MUMPS users' guide).
        static const char *const names[]  = {"AMD",  "given", "AMF", "SCOTCH",
                                             "PORD", "METIS", "QAMD"};
        const int                ordering = mumps->GetINFOG()[6];
        description_ += std::string(", ordering ") +
                        (ordering >= 0 && ordering <= 6 ? names[ordering] : "unknown") +
                        " (INFOG(7) = " + std::to_string(ordering) + ")";
      }
  }

  ShiftInvertOperator::~ShiftInvertOperator() = default;

  int
  ShiftInvertOperator::Apply(const Epetra_MultiVector &X, Epetra_MultiVector &Y) const
  {
    Epetra_MultiVector mass_times_x(mass_.OperatorRangeMap(), X.NumVectors());
    int                error = mass_.Multiply(false, X, mass_times_x);
    if (error != 0)
      return error;
    problem_->SetLHS(&Y);
    problem_->SetRHS(&mass_times_x);
    return solver_->Solve();
  }
} // namespace corot::solvers
