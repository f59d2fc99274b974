// The headers nearly every translation unit of corot parses, precompiled once per target
// (CMakeLists.txt, corot_setup_target; COROT_PRECOMPILED_HEADERS=OFF builds without). Only
// build time depends on this list: every source still includes what it uses.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include <deal.II/base/mpi.h>
#include <deal.II/lac/affine_constraints.h>
#include <deal.II/lac/trilinos_sparse_matrix.h>
#include <deal.II/lac/trilinos_vector.h>
