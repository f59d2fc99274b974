#pragma once
/**
 * @file
 * A fully resolved element: what an element plugin is built from. The deck
 * finaliser (deck::ModelFinaliser) makes one per element record; the assembly
 * only hands them to the element registry.
 */
#include <src/core/section.h>

#include <Eigen/Dense>

#include <vector>

namespace corot::core
{
  /** Material constants an element needs (deck units). */
  struct MaterialConstants
  {
    double youngs_modulus = 0.0;
    double shear_modulus  = 0.0;
    double density        = 0.0;
    /**
     * Rayleigh damping of the material (*DAMPING, Abaqus): the element's
     * damping matrix is rayleigh_alpha M_lumped + rayleigh_beta K_material.
     */
    double rayleigh_alpha = 0.0;
    double rayleigh_beta  = 0.0;
  };

  /**
   * Everything needed to build one element instance: its nodes and their
   * reference positions, the section of its element set (the data of that
   * section's kind, with the shear factors of a *TRANSVERSE SHEAR STIFFNESS
   * already computed) and the material constants (those of its material, or
   * E, G and DENSITY= of a *BEAM GENERAL SECTION).
   */
  struct ElementDefinition
  {
    unsigned                     id = 0;
    std::vector<unsigned>        node_ids;
    std::vector<Eigen::Vector3d> reference_positions; ///< one per node
    SectionProperties            section;
    MaterialConstants            material;
  };
} // namespace corot::core
