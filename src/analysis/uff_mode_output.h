#pragma once
/**
 * @file
 * *UFF OUTPUT: a *FREQUENCY step's modes as a universal file (io/uff_file.h)
 * for test-analysis correlation in other tools.
 */
#include <src/analysis/analysis_context.h>
#include <src/core/mode_file_requests.h>

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace corot::analysis
{
  /**
   * Writes @p shapes (DOF vectors, of frequencies @p frequencies and modal
   * masses phi^T M phi @p modal_masses) to context.job-<@p step>.unv on
   * rank 0: the nodes of @p request (every node with DOFs if it names
   * none) at their reference coordinates, and per mode their displacements,
   * 6 values per node (translations, rotation vector) when any written node
   * has a rotational DOF, else 3; a DOF a node lacks is written as 0.
   * Returns the file's path.
   */
  std::string
  write_modes_uff(const AnalysisContext &context, const core::UffOutputRequest &request,
                  unsigned step, const std::vector<Eigen::VectorXd> &shapes,
                  const std::vector<double> &frequencies, const std::vector<double> &modal_masses);
} // namespace corot::analysis
