#pragma once
/**
 * @file
 * Test-analysis correlation of a *FREQUENCY step (*CORRELATION): its modes
 * against those of a universal file, by the modal assurance criterion
 *
 *   MAC_ij = |phi_t,i^T phi_a,j|^2 / ((phi_t,i^T phi_t,i) (phi_a,j^T phi_a,j))
 *
 * (Allemang & Brown 1982, Proc. 1st IMAC, pp. 110-116; eq. 1 of Allemang,
 * Sound and Vibration 37 (2003) 14-23) over the DOFs both carry: the file's
 * nodes met by id or by coordinates, its 3 (translations) or 6 values per
 * node in the global axes, the deck node's DOFs of those (each mode over its
 * own values: a 3-value mode's MAC leaves rotations out). Each file mode is
 * paired with the analysis mode of largest MAC (a mode zero on the compared
 * DOFs stays unpaired), and the relative frequency error (f_a - f_t)/f_t of
 * the pair reported.
 */
#include <src/analysis/analysis_context.h>
#include <src/core/mode_file_requests.h>

#include <Eigen/Dense>

#include <ostream>
#include <string>
#include <vector>

namespace corot::io
{
  class JsonStream;
}

namespace corot::analysis
{
  struct ModalCorrelation
  {
    /** One file mode and the analysis mode it is paired with. */
    struct Pair
    {
      unsigned test_mode      = 0; ///< the file's mode number (record 7)
      unsigned analysis_mode  = 0; ///< 1-based
      double   test_frequency = 0.0, analysis_frequency = 0.0;
      double   frequency_error = 0.0; ///< (f_a - f_t) / f_t; NaN when f_t = 0
      double   mac             = 0.0;
    };

    std::string file;
    std::string match;                  ///< "ID" or "COORDINATES"
    unsigned    nodes            = 0;   ///< file nodes met in the deck
    unsigned    dofs             = 0;   ///< values compared per mode
    double      largest_distance = 0.0; ///< MATCH=COORDINATES: of any match
    /** The file's units (dataset 164) as a line; empty without one. Coordinates are compared as written. */
    std::string              units;
    std::vector<unsigned>    test_modes; ///< the file's mode numbers, in its order
    Eigen::MatrixXd          mac;        ///< rows: file modes, columns: analysis modes
    std::vector<Pair>        pairs;
    std::vector<std::string> notes; ///< an analysis mode paired twice, datasets skipped

    /**
     * The correlation of @p shapes (DOF vectors of the analysis modes, of
     * frequencies @p frequencies) with the modes of @p request. Throws
     * core::InputError at the *CORRELATION line for a file node not met in the
     * deck, or no DOF in common.
     */
    static ModalCorrelation
    compute(const AnalysisContext &context, const core::CorrelationRequest &request,
            const std::vector<Eigen::VectorXd> &shapes, const std::vector<double> &frequencies);

    /** "correlation": file, match, nodes, dofs, pairs, mac (NAME.json). */
    void
    write_json(io::JsonStream &json) const;

    /** The pairs and the MAC matrix (NAME.dat). */
    void
    write_report(std::ostream &out) const;
  };
} // namespace corot::analysis
